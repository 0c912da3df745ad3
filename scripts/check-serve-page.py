#!/usr/bin/env python3
"""The `/` page of `stackfeed serve` in headless Chromium (driven over the DevTools protocol on a pipe).

For each width: starts `stackfeed serve --db DB --port 0`, opens `/` in a window that wide, scrolls to the end
until every page is in (<body data-state="done">), then checks against `stackfeed render --format json` at the
same width:
  - every row arrived once, in feed order;
  - each row's box (getBoundingClientRect) starts where the previous row's ends (Chromium snaps each height to
    1/64 px, so positions summed over thousands of rows drift from the exact sums: each row is compared on its
    own) and is as wide and as high as the render says, within 0.5 pt;
  - the box of every element with a data-id equals the layout frame of the card node with that id (frames
    summed up to the row), within 0.5 pt; every text node with an id has such an element.
With --require-auth the server runs with `serve --require-auth`, and before the checks above the page, opened
without a token, must ask for one (<body data-state="token">, a note naming `stackfeed token create`, no row),
take only RFC 6750 token68 characters, say so when given a token the server refuses, and load the feed once given one made by `token create`; the
checks above then open the page again, which keeps the token for the tab (sessionStorage).
With --screenshots DIR it also takes a screenshot of the top of the served page and of `render --format html`
opened as a file at the same width, writes both to DIR and checks that their pixels are identical.

usage: check-serve-page.py --stackfeed BIN --db DB [--widths 320,390] [--require-auth] [--screenshots DIR]
Exit 0 when every check holds; else the first problems on stderr and exit 1.
"""
import argparse, json, os, subprocess, sys, time, zlib

from chromium_devtools import PATIENCE, report, scratch_browser, serving

TOLERANCE = 0.5


MEASURE = """JSON.stringify((() => {
  const feed = document.getElementById("feed").getBoundingClientRect();
  return [...document.querySelectorAll("#feed > .row")].map((row) => {
    const r = row.getBoundingClientRect();
    return {kind: row.dataset.kind, id: row.dataset.id, x: r.left - feed.left, y: r.top - feed.top,
      width: r.width, height: r.height,
      nodes: [...row.querySelectorAll("[data-id]")].map((node) => {
        const b = node.getBoundingClientRect();
        return {id: node.dataset.id, x: b.left - r.left, y: b.top - r.top, width: b.width, height: b.height};
      })};
  });
})())"""


def card_frames(card):
    """(id, type, x, y, width, height) of every visible node with an id, frames summed up to the row."""
    found = []

    def walk(node, x, y):
        if node.get("hidden"):
            return
        frame = node["frame"]
        left, top = x + frame["x"], y + frame["y"]
        if "id" in node:
            found.append((node["id"], node["type"], left, top, frame["width"], frame["height"]))
        for child in node.get("children", []):
            walk(child, left, top)

    walk(card, 0, 0)
    return found


def close(a, b):
    return abs(a - b) <= TOLERANCE


def wait_for_state(browser, states):
    """Waits until <body data-state> is one of `states` and returns it, or the last state seen at the deadline."""
    state = None
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        state = browser.evaluate("document.body.dataset.state")
        if state in states:
            break
        time.sleep(0.05)
    return state


def give_token(browser, url, width, token):
    """Opens the page without a token and checks that it asks for one, refuses a wrong one and takes `token`."""
    note = "document.getElementById('token').hidden ? null : document.getElementById('token-note').textContent"
    rows = "document.querySelectorAll('#feed > .row').length"
    submit = ("(() => { document.getElementById('token-value').value = %s; "
              "document.getElementById('token').requestSubmit(); return true; })()")
    browser.open(url, width)
    if wait_for_state(browser, ["token"]) != "token":
        return [f"width {width}: without a token the page never asked for one ({browser.evaluate(note)})"]
    problems = []
    asked = browser.evaluate(note) or ""
    if "stackfeed token create" not in asked or browser.evaluate(rows) != 0:
        problems.append(f"width {width}: the page asks for a token with {asked!r} and shows {browser.evaluate(rows)} rows")
    takes = "(() => { const f = document.getElementById('token-value'); f.value = %s; return f.checkValidity(); })()"
    if browser.evaluate(takes % json.dumps("sft_1,2")) or not browser.evaluate(takes % json.dumps(token)):
        problems.append(f"width {width}: the form takes what is not a token68 (RFC 6750), or refuses the token")
    browser.evaluate(submit % json.dumps("sft_" + "0" * 64))
    if wait_for_state(browser, ["token"]) != "token" or "refused" not in (browser.evaluate(note) or ""):
        problems.append(f"width {width}: a refused token is not said so: {browser.evaluate(note)!r}")
    browser.evaluate(submit % json.dumps(token))
    state = wait_for_state(browser, ["more", "done"])
    if state not in ("more", "done") or browser.evaluate(rows) == 0:
        problems.append(f"width {width}: with a token the page shows no feed (state {state}, {browser.evaluate(note)!r})")
    if browser.evaluate("sessionStorage.getItem('stackfeed.token')") != token or token in browser.evaluate("location.href"):
        problems.append(f"width {width}: the token is not kept in sessionStorage alone")
    return problems


def check_width(browser, url, render, width):
    problems = []
    browser.open(url, width)
    state = None
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        state = browser.evaluate("window.scrollTo(0, document.body.scrollHeight); document.body.dataset.state")
        if state in ("done", "token"):
            break
        time.sleep(0.05)
    if state != "done":
        count = browser.evaluate("document.querySelectorAll('#feed > .row').length")
        status = browser.evaluate("document.getElementById('status').textContent")
        return [f"width {width}: the page never loaded its last page ({count} rows in, state {state}: {status})"]
    rows = json.loads(browser.evaluate(MEASURE))
    expected = render["rows"]
    keys = [(row["kind"], row["id"]) for row in rows]
    if keys != [(row["kind"], row["id"]) for row in expected]:
        duplicates = len(keys) - len(set(keys))
        return [f"width {width}: {len(keys)} rows arrived ({duplicates} twice), the render has {len(expected)}"]
    top = 0.0
    for row, want in zip(rows, expected):
        name = f"width {width}: {row['kind']} {row['id']}"
        box = (row["x"], row["y"], row["width"], row["height"])
        if not all(close(a, b) for a, b in zip(box, (0, top, width, want["height"]))):
            problems.append(f"{name}: row box {box}, expected {(0, top, width, want['height'])}")
        top = row["y"] + row["height"]
        frames = card_frames(want["card"])
        for node in row["nodes"]:
            box = (node["x"], node["y"], node["width"], node["height"])
            if not any(f[0] == node["id"] and all(close(a, b) for a, b in zip(box, f[2:])) for f in frames):
                candidates = [f[2:] for f in frames if f[0] == node["id"]]
                problems.append(f"{name}: element {node['id']} at {box}, layout frames {candidates}")
        drawn = {node["id"] for node in row["nodes"]}
        for frame in frames:
            if frame[1] == "text" and frame[0] not in drawn:
                problems.append(f"{name}: text {frame[0]} has no element")
    return problems


def png_pixels(data):
    """The decompressed image data of a PNG (identical pixels from one encoder give identical bytes)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    chunks, offset = b"", 8
    while offset < len(data):
        length = int.from_bytes(data[offset:offset + 4], "big")
        if data[offset + 4:offset + 8] == b"IDAT":
            chunks += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    return width, height, zlib.decompress(chunks)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stackfeed", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--widths", default="320,390")
    parser.add_argument("--require-auth", action="store_true")
    parser.add_argument("--screenshots")
    options = parser.parse_args()
    environment = dict(os.environ, TZ="UTC")
    problems = []
    token = None
    if options.require_auth:
        token = subprocess.run([options.stackfeed, "token", "create", "--db", options.db, "--user", "default"],
                               env=environment, check=True, capture_output=True, text=True).stdout.strip()
    arguments = ["--require-auth"] if options.require_auth else []
    with serving(options.stackfeed, options.db, environment, arguments) as url, \
            scratch_browser("stackfeed-page-") as (scratch, browser):
        for width in [int(w) for w in options.widths.split(",")]:
            render = json.loads(subprocess.run(
                [options.stackfeed, "render", "--db", options.db, "--width", str(width), "--format", "json"],
                env=environment, check=True, capture_output=True).stdout)
            if token:
                problems += give_token(browser, url, width, token)
            problems += check_width(browser, url, render, width)
            print(f"width {width}: {len(render['rows'])} rows checked", file=sys.stderr)
            if options.screenshots:
                os.makedirs(options.screenshots, exist_ok=True)
                served = browser.screenshot()
                page = os.path.join(scratch, f"render-{width}.html")
                subprocess.run([options.stackfeed, "render", "--db", options.db, "--width", str(width), "--format",
                                "html", "--out", page], env=environment, check=True)
                browser.open("file://" + page, width)
                rendered = browser.screenshot()
                for name, data in (("served", served), ("render", rendered)):
                    with open(os.path.join(options.screenshots, f"{name}-{width}.png"), "wb") as file:
                        file.write(data)
                if png_pixels(served) != png_pixels(rendered):
                    problems.append(f"width {width}: the served page's pixels differ from render --format html's "
                                    f"(see {options.screenshots}/served-{width}.png, render-{width}.png)")
    report("check-serve-page", problems)


if __name__ == "__main__":
    main()
