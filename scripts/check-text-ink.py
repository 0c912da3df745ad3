#!/usr/bin/env python3
"""Checks that no label's ink leaves its text node's frame, with and without the Inter font.

Renders the bundled reference feed (`render --format svg|html`) and the expanded card stack
(`render --mode stack --state expanded --format svg|html`) with the given stackfeed binary, rasterises
each picture with rsvg-convert (SVG) and headless Chromium (SVG and HTML), once with the fonts the
machine has (Inter must be one: Debian's fonts-inter) and once with a fontconfig configuration that
rejects Inter (so the fallback, DejaVu Sans on Debian, draws the text), and checks every inked pixel
against the frames of `render --format json`.

To see whose ink a pixel is, each picture is first reduced to its labels: backgrounds, images and
placeholder labels are not painted, and every label is painted in one of six pure colours (red,
green, blue, cyan, magenta, yellow on white), chosen so that labels whose rows of text lie within
GAP points of each other differ. A pixel's colour then names the labels it can belong to, and it
must lie inside one of their frames (a pixel straddling a frame's edge counts as inside).

Each picture is checked as written (labels clipped to their frames) and without that clip, which
shows that the text itself fits (`textLength`), not just the clip. Some cases must fail, and are
asserted to, proof that the check sees overflowing ink: without Inter and without the clip, the
fallback's wider titles run out of their frames in librsvg (which ignores `textLength`) and in
Chromium once `textLength` is removed ("unfitted").

    scripts/check-text-ink.py --bin .build/debug/stackfeed [--content-size C] [--direction D] [--keep DIR]

`--content-size` and `--direction` are passed to every `render` (Dynamic Type size, layout direction;
default L and ltr), so the check runs for any trait set, e.g. AX5: the labels at their scaled sizes (away
from L the stack is rendered with `--own-height`: its fixed 200-point cards cannot hold AX5 text).

Exits 0 when every check holds, 1 when one fails, 69 when a tool is missing. Needs python3,
rsvg-convert (librsvg2-bin), chromium and fonts-inter.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

GAP = 12.0
THRESHOLD = 48
COLOURS = [  # (hex, the channels (r, g, b) its ink darkens on white)
    ("#FF0000", (False, True, True)),
    ("#00FF00", (True, False, True)),
    ("#0000FF", (True, True, False)),
    ("#00FFFF", (True, False, False)),
    ("#FF00FF", (False, True, False)),
    ("#FFFF00", (False, False, True)),
]
NO_INTER_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont>
    <pattern><patelt name="family"><string>Inter</string></patelt></pattern>
    <pattern><patelt name="family"><string>Inter Display</string></patelt></pattern>
  </rejectfont></selectfont>
</fontconfig>
"""


def fail(message, code=1):
    print(f"check-text-ink: {message}", file=sys.stderr)
    sys.exit(code)


# --- frames -------------------------------------------------------------------------------------


def text_frames(document):
    """The absolute frames of the drawn labels, in painting order, from render/1 or stack/1 JSON."""
    frames = []

    def walk(node, x, y):
        if node.get("hidden") or node.get("alpha", 1) <= 0:
            return
        f = node["frame"]
        left, top = x + f["x"], y + f["y"]
        if node.get("type") == "text" and node.get("text") and f["width"] > 0 and f["height"] > 0:
            frames.append((left, top, left + f["width"], top + f["height"]))
        for child in node.get("children", []):
            walk(child, left, top)

    if "rows" in document:
        top = 0.0
        for row in document["rows"]:
            walk(row["card"], 0.0, top)
            top += row["height"]
        return frames, top
    for card in document["cards"]:
        walk(card["card"], card["frame"]["x"], card["frame"]["y"])
    return frames, document["contentHeight"]


def colour_frames(frames):
    """A colour index per frame: frames whose vertical bands come within GAP get different colours."""
    order = sorted(range(len(frames)), key=lambda i: frames[i][1])
    colours = [0] * len(frames)
    for position, i in enumerate(order):
        taken = set()
        for j in order[:position]:
            if frames[j][3] + GAP > frames[i][1] and frames[i][3] + GAP > frames[j][1]:
                taken.add(colours[j])
        free = [c for c in range(len(COLOURS)) if c not in taken]
        if not free:
            fail(f"more than {len(COLOURS)} labels share a band of text; raise the colour count")
        colours[i] = free[0]
    return colours


# --- the labels-only pictures -------------------------------------------------------------------

LABEL = re.compile(r"<text (font-size=)")
UNFIT = re.compile(r' textLength="[^"]*" lengthAdjust="spacingAndGlyphs"')
LABEL_VIEWPORT_SVG = re.compile(r'(<svg x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*")>')
LABEL_VIEWPORT_HTML = re.compile(r'(<svg xmlns="http://www.w3.org/2000/svg" width="[^"]*" height="[^"]*")>')


def paint_labels(text, colours):
    """Gives the n-th label's `<text>` the n-th colour (inline style beats presentation attributes)."""
    count = 0

    def repaint(match):
        nonlocal count
        if count >= len(colours):
            fail("the picture has more labels than the JSON has text nodes")
        colour = COLOURS[colours[count]][0]
        count += 1
        return f'<text style="display:inline;fill:{colour};fill-opacity:1" {match.group(1)}'

    result = LABEL.sub(repaint, text)
    if count != len(colours):
        fail(f"the picture has {count} labels, the JSON {len(colours)} text nodes")
    return result


def labels_only_svg(svg, colours, clipped):
    style = "<style>rect,image{fill:none !important;stroke:none !important}image{display:none}text{display:none}g{opacity:1 !important}</style>"
    svg = re.sub(r"(<svg xmlns[^>]*>)", lambda m: m.group(1) + "\n" + style, svg, count=1)
    if not clipped:
        svg = LABEL_VIEWPORT_SVG.sub(r'\1 overflow="visible">', svg)
    return paint_labels(svg, colours)


def labels_only_html(html, colours, clipped):
    style = (
        "<style>body{background:#FFFFFF !important}"
        ".n,.card{background:none !important;border:none !important;box-shadow:none !important;"
        "outline:none !important;opacity:1 !important}.ph{color:transparent !important}</style>"
    )
    html = html.replace("</head>", style + "\n</head>", 1)
    if not clipped:
        html = LABEL_VIEWPORT_HTML.sub(r'\1 overflow="visible">', html)
    return paint_labels(html, colours)


# --- rasterising and reading PNGs ---------------------------------------------------------------


def rasterise(tool, source, png, width, height, env, scratch):
    if tool == "rsvg":
        command = ["rsvg-convert", "--background-color", "white", "--format", "png", "--output", png, source]
    else:
        profile = tempfile.mkdtemp(dir=scratch)
        command = [
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--force-device-scale-factor=1", f"--user-data-dir={profile}",
            f"--window-size={int(round(width))},{int(-(-height // 1))}", f"--screenshot={png}", "file://" + source,
        ]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    if tool != "rsvg":
        shutil.rmtree(profile, ignore_errors=True)
    if result.returncode != 0 or not os.path.exists(png):
        fail(f"{command[0]} failed on {source}: {result.stderr.strip()[-500:]}")


def read_png(path):
    """(width, height, rows of RGB bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    position, idat = 8, []
    width = height = channels = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour_type not in (2, 6) or interlace:
                fail(f"{path}: unsupported PNG (depth {depth}, colour type {colour_type}, interlace {interlace})")
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        position += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        unfilter(kind, line, previous, channels)
        rgb = line if channels == 3 else bytearray(b for i, b in enumerate(line) if i % 4 != 3)
        rows.append(bytes(rgb))
        previous = line
    return width, height, rows


def unfilter(kind, line, previous, bpp):
    n = len(line)
    if kind == 0:
        return
    if kind == 2:
        for i in range(n):
            line[i] = (line[i] + previous[i]) & 255
        return
    for i in range(n):
        left = line[i - bpp] if i >= bpp else 0
        up = previous[i]
        if kind == 1:
            line[i] = (line[i] + left) & 255
        elif kind == 3:
            line[i] = (line[i] + ((left + up) >> 1)) & 255
        elif kind == 4:
            upper_left = previous[i - bpp] if i >= bpp else 0
            p = left + up - upper_left
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
            predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
            line[i] = (line[i] + predictor) & 255
        else:
            fail(f"unknown PNG filter {kind}")


# --- the check ----------------------------------------------------------------------------------


def stray_ink(png, frames, colours):
    """Pixels whose ink lies outside every frame of a label it can belong to: [(x, y, colours)]."""
    width, height, rows = read_png(png)
    white = b"\xff" * (width * 3)
    by_colour = [[f for f, c in zip(frames, colours) if c == k] for k in range(len(COLOURS))]
    stray = []
    for y, row in enumerate(rows):
        if row == white:
            continue
        for x in range(width):
            r, g, b = row[3 * x], row[3 * x + 1], row[3 * x + 2]
            dark = (255 - r > THRESHOLD, 255 - g > THRESHOLD, 255 - b > THRESHOLD)
            if not any(dark):
                continue
            candidates = [k for k, (_, pattern) in enumerate(COLOURS) if all(d or not p for p, d in zip(pattern, dark))]
            inside = any(
                x + 1 > left and x < right and y + 1 > top and y < bottom
                for k in candidates
                for (left, top, right, bottom) in by_colour[k]
            )
            if not inside:
                stray.append((x, y, "".join("rgb"[i] for i in range(3) if dark[i])))
    return stray


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the stackfeed binary")
    parser.add_argument("--keep", help="keep the pictures and PNGs in this folder")
    parser.add_argument("--content-size", default="L", help="the Dynamic Type size to render at (default L)")
    parser.add_argument("--direction", default="ltr", help="the layout direction to render in (default ltr)")
    arguments = parser.parse_args()
    for tool in ("rsvg-convert", "chromium", "fc-match"):
        if shutil.which(tool) is None:
            fail(f"{tool} not found (apt-get install librsvg2-bin chromium fontconfig)", 69)
    if "Inter" not in subprocess.run(["fc-match", "-f", "%{family}", "Inter"], capture_output=True, text=True).stdout:
        fail("the Inter font is not installed (apt-get install fonts-inter)", 69)

    work = arguments.keep or tempfile.mkdtemp(prefix="text-ink.")
    os.makedirs(work, exist_ok=True)
    work = os.path.abspath(work)
    binary = os.path.abspath(arguments.bin)
    database = os.path.join(work, "feed.sqlite")
    if os.path.exists(database):
        os.remove(database)
    subprocess.run([binary, "seed", "--db", database], check=True, capture_output=True)
    conf = os.path.join(work, "no-inter.conf")
    with open(conf, "w") as handle:
        handle.write(NO_INTER_CONF)
    fonts = {"inter": dict(os.environ), "fallback": dict(os.environ, FONTCONFIG_FILE=conf)}
    for env in fonts.values():
        env["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
    fallback = subprocess.run(["fc-match", "-f", "%{family}", "Inter"], env=fonts["fallback"], capture_output=True, text=True)
    if "Inter" in fallback.stdout:
        fail("the fontconfig file that rejects Inter did not take effect")
    print(f"fonts: Inter, and without it {fallback.stdout.split(',')[0]}")

    documents = {
        "feed": ["render", "--width", "390"],
        "stack": ["render", "--width", "390", "--mode", "stack", "--state", "expanded"],
    }
    if arguments.content_size != "L":
        # The stack's cards are 200 high by default: text scaled past that is squeezed (and clipped, as a
        # fixed-height card clips it); at their own height the cards hold their labels, which is what is checked.
        documents["stack"].append("--own-height")
    jobs = []
    for name, command in documents.items():
        traits = ["--content-size", arguments.content_size, "--direction", arguments.direction]
        base = [binary] + command + traits + ["--db", database, "--time-zone", "UTC", "--format"]
        document = json.loads(subprocess.run(base + ["json"], check=True, capture_output=True, text=True).stdout)
        frames, height = text_frames(document)
        colours = colour_frames(frames)
        for form in ("svg", "html"):
            text = subprocess.run(base + [form], check=True, capture_output=True, text=True).stdout
            reduce = labels_only_svg if form == "svg" else labels_only_html
            for variant in ("clipped", "unclipped", "unfitted"):
                reduced = reduce(text, colours, clipped=variant == "clipped")
                if variant == "unfitted":
                    reduced = UNFIT.sub("", reduced)
                source = os.path.join(work, f"{name}-{variant}.{form}")
                with open(source, "w") as handle:
                    handle.write(reduced)
                for tool in ("rsvg", "chromium") if form == "svg" else ("chromium",):
                    for font in fonts:
                        # Without textLength (librsvg ignores it; "unfitted" removes it) and without the clip, the
                        # fallback's wider lines must be seen running out of their frames: the check is not blind.
                        expect_stray = font == "fallback" and (variant == "unfitted" or tool == "rsvg" and variant == "unclipped")
                        if variant == "unfitted" and (tool == "rsvg" or font == "inter"):
                            continue
                        label = f"{name} {form} via {tool}, {font} font, {variant}"
                        png = source.rsplit(".", 1)[0] + f"-{form}-{tool}-{font}.png"
                        jobs.append((label, tool, source, png, height, fonts[font], frames, colours, expect_stray))

    def run(job):
        label, tool, source, png, height, env, frames, colours, expect_stray = job
        rasterise(tool, source, png, 390, height, env, work)
        return job, stray_ink(png, frames, colours)

    failed = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for job, stray in pool.map(run, jobs):
            label, expect_stray = job[0], job[-1]
            if expect_stray:
                ok = len(stray) > 0
                verdict = f"overflow seen as expected ({len(stray)} px)" if ok else "expected overflow NOT seen: the check is blind"
            else:
                ok = not stray
                verdict = "ink inside frames" if ok else f"{len(stray)} px outside, e.g. {stray[:5]}"
            print(f"{'ok  ' if ok else 'FAIL'} {label}: {verdict}")
            failed = failed or not ok
    if not arguments.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
