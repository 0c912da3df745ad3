#!/usr/bin/env python3
"""Generate StackLayout's glyph advance table from the Inter font.

Writes `Sources/StackLayout/Text/GlyphAdvances+Generated.swift` (advance widths
in font units for every weight, over compact runs of code points) and
`Sources/StackLayout/Text/FONT-LICENSE.txt` (Inter's copyright and the SIL Open
Font License 1.1 text). No font file is needed at run time or in CI: only this
script reads the fonts.

Setup (once, outside the package sources; `.venv*/` is git-ignored):

    apt-get update && apt-get install -y fonts-inter
    python3 -m venv .venv-fonts && .venv-fonts/bin/pip install fonttools==4.55.3
    .venv-fonts/bin/python scripts/generate-glyph-metrics.py

The output is deterministic: rerunning it on the same fonts gives the same bytes.
"""

from __future__ import annotations

import argparse
import pathlib
import re

from fontTools.ttLib import TTFont

# FontWeight case (Swift) -> Inter static face.  UIFont.Weight maps to the
# OpenType weight class (ultraLight 100 ... black 900), and Inter has one face
# per class: Thin is 100, ExtraLight 200.
FACES = [
    ("ultraLight", "Thin", 100),
    ("thin", "ExtraLight", 200),
    ("light", "Light", 300),
    ("regular", "Regular", 400),
    ("medium", "Medium", 500),
    ("semibold", "SemiBold", 600),
    ("bold", "Bold", 700),
    ("heavy", "ExtraBold", 800),
    ("black", "Black", 900),
]

# Unicode blocks taken from the font (only code points the font maps are kept).
BLOCKS = [
    (0x0020, 0x007E),  # Basic Latin (printable)
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A
    (0x0180, 0x024F),  # Latin Extended-B
    (0x0250, 0x02FF),  # IPA Extensions, Spacing Modifier Letters
    (0x0300, 0x036F),  # Combining Diacritical Marks
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x0400, 0x052F),  # Cyrillic, Cyrillic Supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional
    (0x2000, 0x206F),  # General Punctuation
    (0x2070, 0x209F),  # Superscripts and Subscripts
    (0x20A0, 0x20CF),  # Currency Symbols
    (0x2100, 0x214F),  # Letterlike Symbols
    (0x2150, 0x218F),  # Number Forms
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical Operators
    (0x2300, 0x23FF),  # Miscellaneous Technical
    (0x2500, 0x25FF),  # Box Drawing, Block Elements, Geometric Shapes
    (0x2600, 0x27BF),  # Miscellaneous Symbols, Dingbats
]

MISSING = 0xFFFF  # sentinel: the face has no glyph for this code point
MAX_GAP = 8  # runs closer than this are merged, the gap filled with MISSING
PER_LINE = 16


def covered(cmap: dict[int, str]) -> list[int]:
    return [cp for first, last in BLOCKS for cp in range(first, last + 1) if cp in cmap]


def runs_of(points: list[int]) -> list[tuple[int, int]]:
    """(first, count) runs over sorted code points, merging small gaps."""
    runs: list[list[int]] = []
    for cp in points:
        if runs and cp - (runs[-1][0] + runs[-1][1]) < MAX_GAP:
            runs[-1][1] = cp - runs[-1][0] + 1
        else:
            runs.append([cp, 1])
    return [(a, n) for a, n in runs]


def swift_array(values: list[int], indent: str) -> str:
    lines = []
    for i in range(0, len(values), PER_LINE):
        chunk = values[i : i + PER_LINE]
        lines.append(indent + ", ".join(str(v) for v in chunk) + ",")
    return "\n".join(lines)


def license_text(copyright_file: pathlib.Path, font_copyright: str) -> str:
    text = copyright_file.read_text(encoding="utf-8")
    match = re.search(r"^License: OFL-1\.1\n((?: .*\n)+)", text, re.MULTILINE)
    if match is None:
        raise SystemExit(f"{copyright_file}: no 'License: OFL-1.1' stanza")
    body = "\n".join("" if line == " ." else line[1:] for line in match.group(1).splitlines())
    header = (
        "The advance widths in GlyphAdvances+Generated.swift are data extracted from the\n"
        "Inter typeface by scripts/generate-glyph-metrics.py.\n\n"
        f"{font_copyright} (https://github.com/rsms/inter)\n"
        "Copyright 2016-2022 The Inter Project Authors <rasmus@notion.se>\n\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
        "This license is copied below, and is also available with a FAQ at:\n"
        "https://openfontlicense.org\n\n"
        "-----------------------------------------------------------\n"
        "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007\n"
        "-----------------------------------------------------------\n\n"
    )
    return header + body + "\n"


def main() -> None:
    root = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fonts", default="/usr/share/fonts/opentype/inter", help="folder with Inter-<Face>.otf")
    parser.add_argument("--copyright", default="/usr/share/doc/fonts-inter/copyright", help="Debian copyright file")
    parser.add_argument("--out", default=str(root / "Sources/StackLayout/Text"), help="output folder")
    args = parser.parse_args()

    fonts = {name: TTFont(f"{args.fonts}/Inter-{face}.otf") for name, face, _ in FACES}
    regular = fonts["regular"]
    upm = regular["head"].unitsPerEm
    points = covered(regular.getBestCmap())
    runs = runs_of(points)
    version = regular["name"].getDebugName(5)

    tables = {}
    fallbacks = {}
    for name, face, _ in FACES:
        font = fonts[name]
        if font["head"].unitsPerEm != upm:
            raise SystemExit(f"Inter-{face}: unitsPerEm {font['head'].unitsPerEm}, expected {upm}")
        cmap, hmtx = font.getBestCmap(), font["hmtx"].metrics
        values = []
        for first, count in runs:
            for cp in range(first, first + count):
                values.append(hmtx[cmap[cp]][0] if cp in cmap else MISSING)
        tables[name] = values
        lower = [hmtx[cmap[cp]][0] for cp in range(ord("a"), ord("z") + 1)]
        fallbacks[name] = round(sum(lower) / len(lower))

    count = sum(n for _, n in runs)
    out = []
    out.append("// GENERATED by scripts/generate-glyph-metrics.py; do not edit by hand.")
    out.append(f"// Source: Inter {version} (Debian package fonts-inter), one static face per weight.")
    out.append("// The values are data extracted from the Inter typeface:")
    out.append("// Copyright 2016-2022 The Inter Project Authors (https://github.com/rsms/inter),")
    out.append("// licensed under the SIL Open Font License, Version 1.1; see FONT-LICENSE.txt in this folder.")
    out.append("")
    out.append("extension GlyphAdvances {")
    out.append("  /// Font units per em of every Inter face.")
    out.append(f"  static let unitsPerEm = {upm}")
    out.append("")
    out.append(f"  /// Covered code points: {len(runs)} runs, {count} code points per face.")
    out.append("  static let runs: [GlyphRun] = [")
    offset = 0
    for first, n in runs:
        out.append(f"    GlyphRun(first: 0x{first:04X}, count: {n}, offset: {offset}),")
        offset += n
    out.append("  ]")
    out.append("")
    out.append("  /// Average advance of a–z per face (ultraLight … black), the fallback for unknown scalars.")
    out.append("  static let averageAdvances: [Int] = [" + ", ".join(str(fallbacks[n]) for n, _, _ in FACES) + "]")
    out.append("")
    out.append("  /// Advances in font units over `runs`, per face (ultraLight … black); 0xFFFF marks a missing glyph.")
    out.append("  static let faces: [[UInt16]] = [")
    for name, face, weight in FACES:
        out.append(f"    // {name}: Inter {face} ({weight})")
        out.append("    [")
        out.append(swift_array(tables[name], "      "))
        out.append("    ],")
    out.append("  ]")
    out.append("}")

    out_dir = pathlib.Path(args.out)
    (out_dir / "GlyphAdvances+Generated.swift").write_text("\n".join(out) + "\n", encoding="utf-8")
    font_copyright = regular["name"].getDebugName(0) or "Copyright The Inter Project Authors"
    (out_dir / "FONT-LICENSE.txt").write_text(license_text(pathlib.Path(args.copyright), font_copyright), encoding="utf-8")
    print(f"wrote {len(runs)} runs, {count} code points x {len(FACES)} faces, unitsPerEm {upm}")


if __name__ == "__main__":
    main()
