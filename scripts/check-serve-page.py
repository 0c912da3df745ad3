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
opened as a file at the same width, with the image nodes hidden in both (the page draws the pictures the file draws
as placeholders), writes both to DIR and checks that their pixels are identical.

With --fit it also opens the page, in a browser that shows scrollbars, as a phone 390 wide with touch emulation
(overlay scrollbars) and as windows 1280 and 430 wide with a classic scrollbar, scrolls each to the end and checks
that nothing scrolls sideways, the feed is as wide as the window leaves beside its scrollbar (at most 600), every
card lies inside the window and the rows are those of `render --format json` at that width (as above); then it
widens the window from 430 to 1280 and checks the same once the page has laid the feed out anew.

With --live it also opens the page (under --require-auth: given a token in its form), places an order over the API
as the user `default` and checks that the order's card appears without a reload, then stops the server (which ends
the page's event stream) and starts another on the same port, changes the order's status there and checks that the
card changes in place: the page subscribed again by itself, with the last event's id as Last-Event-ID.

With --pictures it also opens the page at each width at 1 and 2 pixels per point, scrolls to the end and checks
that it shows the pictures: no placeholder left, an `<img>` for every image node `render --format json` links (but
the tinted icons, drawn as masks), each loaded, and each stored image's the one for the screen's scale, of the
natural size of its frame in points and, fetched and decoded on its own, exactly w × scale by h × scale pixels.

usage: check-serve-page.py --stackfeed BIN --db DB [--widths 320,390] [--require-auth] [--screenshots DIR] [--fit]
       [--pictures] [--live]
Exit 0 when every check holds; else the first problems on stderr and exit 1.
"""
import argparse, json, os, subprocess, sys, time, urllib.parse, urllib.request, zlib

from chromium_devtools import PATIENCE, report, scratch_browser, serving

TOLERANCE = 0.5

# The image nodes (each has a title: its image's name) hidden before the screenshots: the served page draws the
# stored pictures and icons the file (no server to fetch them from) draws as placeholders.
HIDE_PICTURES = "document.head.insertAdjacentHTML('beforeend', '<style>.n[title]{visibility:hidden}</style>'), true"


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


def scroll_to_end(browser, name, width=None):
    """Scrolls to the end until the last page is in (and, given `width`, the feed is that wide); problems."""
    state = None
    wide = "true" if width is None else f"document.getElementById('feed').style.width === '{width}px'"
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        state = browser.evaluate("window.scrollTo(0, document.body.scrollHeight); "
                                 f"{wide} ? document.body.dataset.state : 'resizing'")
        if state in ("done", "token"):
            break
        time.sleep(0.05)
    if state != "done":
        count = browser.evaluate("document.querySelectorAll('#feed > .row').length")
        status = browser.evaluate("document.getElementById('status').textContent")
        return [f"{name}: the page never loaded its last page ({count} rows in, state {state}: {status})"]
    return []


def check_width(browser, url, render, width):
    browser.open(url, width)
    return scroll_to_end(browser, f"width {width}") or compare_rows(browser, render, width)


def compare_rows(browser, render, width):
    """The rows on the page against `render --format json` at `width`: order, boxes and node frames."""
    problems = []
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


FITS = [("a phone 390 wide with touch", 390, True), ("a window 1280 wide with a classic scrollbar", 1280, False),
        ("a window 430 wide with a classic scrollbar", 430, False)]

WINDOW = """JSON.stringify({inner: innerWidth, client: document.documentElement.clientWidth,
  scroll: document.documentElement.scrollWidth, feed: document.getElementById("feed").getBoundingClientRect().width,
  touch: navigator.maxTouchPoints > 0 && matchMedia("(pointer: coarse)").matches,
  rows: [...document.querySelectorAll("#feed > .row")].map((row) => {
    const r = row.getBoundingClientRect();
    return [r.left, r.right];
  })})"""


def check_fit(browser, url, stackfeed, db, environment):
    """The page fits each window of FITS (no sideways scrolling, every card whole and laid out at the width left
    beside the scrollbar, at most 600) and, resized from the last one to the second, fits again."""
    problems = []
    renders = {}

    def check(name, phone):
        window = json.loads(browser.evaluate(WINDOW))
        expected = min(window["client"], 600)
        found = []
        if window["touch"] != phone:
            found.append(f"touch emulation is {window['touch']}")
        if not phone and window["client"] >= window["inner"]:
            found.append(f"no scrollbar took any width ({window['inner']} wide, {window['client']} left)")
        if window["scroll"] > window["client"]:
            found.append(f"it scrolls sideways: {window['scroll']} wide content in {window['client']}")
        if window["feed"] != expected:
            found.append(f"the feed is {window['feed']} wide, the window leaves {window['client']}")
        for left, right in window["rows"]:
            if left < 0 or right > window["client"]:
                found.append(f"a card spans {left} to {right}, outside 0 to {window['client']}")
                break
        if expected not in renders:
            renders[expected] = json.loads(subprocess.run(
                [stackfeed, "render", "--db", db, "--width", str(expected), "--format", "json"],
                env=environment, check=True, capture_output=True).stdout)
        found += compare_rows(browser, renders[expected], expected)
        return [f"{name}: {problem}" for problem in found]

    for name, width, phone in FITS:
        browser.open(url, width, phone=phone)
        problems += scroll_to_end(browser, name) or check(name, phone)
    name, width, phone = FITS[1]
    browser.resize(width, phone=phone)
    after = min(json.loads(browser.evaluate(WINDOW))["client"], 600)
    resized = f"resized from {FITS[-1][1]} to {width} wide"
    problems += scroll_to_end(browser, resized, after) or check(resized, phone)
    print(f"fit: {len(FITS)} windows and a resize checked", file=sys.stderr)
    return problems


PICTURES = """(async () => {
  const images = [...document.querySelectorAll("#feed img")];
  await Promise.all(images.map((image) => image.complete ? null
    : new Promise((done) => { image.onload = done; image.onerror = done; })));
  const found = [];
  for (const image of images) {
    const url = new URL(image.currentSrc || image.src, location.href);
    // The picture as fetched on its own (no srcset): its pixels, measured by decoding it.
    const alone = new Image();
    alone.src = url.href;
    let decoded = true;
    try { await alone.decode(); } catch (error) { decoded = false; }
    found.push({url: url.pathname + url.search, loaded: image.complete && image.naturalWidth > 0, decoded,
      natural: [image.naturalWidth, image.naturalHeight], pixels: [alone.naturalWidth, alone.naturalHeight]});
  }
  return JSON.stringify({images: found, placeholders: document.querySelectorAll("#feed .ph").length,
    scale: devicePixelRatio});
})()"""


def check_pictures(browser, url, render, width):
    """The page at `width`, at 1 and 2 pixels per point, shows every picture: no placeholder left, one `<img>` per
    image node the render links and does not tint, each loaded, and a stored image's at the screen's scale with the
    natural size of its frame in points and, decoded on its own, exactly w × scale by h × scale pixels."""
    problems = []
    linked = [node for card in (row["card"] for row in render["rows"]) for node in image_nodes(card)
              if "url" in node and "tint" not in node]
    for scale in (1, 2):
        name = f"pictures at width {width}, scale {scale}"
        browser.open(url, width, scale=scale)
        found = scroll_to_end(browser, name)
        if found:
            problems += found
            continue
        page = json.loads(browser.evaluate(PICTURES))
        if page["placeholders"]:
            problems.append(f"{name}: {page['placeholders']} placeholders left")
        if page["scale"] != scale:
            problems.append(f"{name}: the window has {page['scale']} pixels per point")
        if len(page["images"]) != len(linked):
            problems.append(f"{name}: {len(page['images'])} pictures, the render links {len(linked)}")
        stored = 0
        for image in page["images"]:
            if not image["loaded"] or not image["decoded"]:
                problems.append(f"{name}: {image['url']} did not load")
                continue
            query = dict(part.split("=", 1) for part in image["url"].split("?", 1)[-1].split("&") if "=" in part)
            if not image["url"].startswith("/v1/images/"):
                continue
            stored += 1
            w, h, s = int(query.get("w", 0)), int(query.get("h", 0)), int(query.get("scale", 0))
            if s != scale or image["natural"] != [w, h] or image["pixels"] != [w * s, h * s]:
                problems.append(f"{name}: {image['url']} is {image['natural']} points of {image['pixels']} pixels, "
                                f"not {[w, h]} of {[w * scale, h * scale]} at scale {scale}")
        if stored == 0:
            problems.append(f"{name}: no stored picture on the page")
        print(f"{name}: {len(page['images'])} pictures checked, {stored} stored", file=sys.stderr)
    return problems


def image_nodes(card):
    """Every visible image node of a card."""
    found, pending = [], [card]
    while pending:
        node = pending.pop()
        if node.get("hidden"):
            continue
        if node["type"] == "image":
            found.append(node)
        pending += node.get("children", [])
    return found


def wait_for(browser, expression):
    """Waits until `expression` is true in the page; whether it became true before the deadline."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if browser.evaluate(expression):
            return True
        time.sleep(0.05)
    return False


def api(url, method, path, token, body=None, headers=None):
    """One request to the server; the answer's status and JSON body (None when it has none)."""
    request = urllib.request.Request(url.rstrip("/") + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers=dict({"Authorization": "Bearer " + token,
                                                   "Content-Type": "application/json"}, **(headers or {})))
    with urllib.request.urlopen(request) as answer:
        text = answer.read()
        return answer.status, json.loads(text) if text else None


def check_live(browser, stackfeed, db, environment, arguments, reader=None):
    """The page follows the feed without a reload: an order placed over the API appears as the order card; then the
    server is stopped (its streams end) and another started on the same port, and the order's status changed over
    the API there replaces that card in place: the page subscribed again by itself, sending the last event's id as
    `Last-Event-ID` (its own fetch, watched from the page). With `reader` (a token of the
    server's --require-auth) the page is given it in its form first, and follows the feed with it."""
    def token(scope):
        return subprocess.run([stackfeed, "token", "create", "--db", db, "--user", "default", "--scope", scope],
                              env=environment, check=True, capture_output=True, text=True).stdout.strip()
    writer, admin = token("write"), token("admin")
    problems = []
    with serving(stackfeed, db, environment, arguments) as url:
        if reader:
            problems += give_token(browser, url, 390, reader)
        else:
            browser.open(url, 390)
        if wait_for_state(browser, ("more", "done")) not in ("more", "done"):
            return problems + ["live: the page never loaded its first cards"]
        browser.evaluate("window.stillTheSamePage = true")
        # Every /v1/events request's Last-Event-ID from now on (null when none was sent): the page's own fetch is
        # looked up at each call, so this wrapper sees its reconnections.
        browser.evaluate("""(() => {
          window.eventStreamAsks = [];
          const original = window.fetch;
          window.fetch = (input, init) => {
            if (String(input).includes("/v1/events")) {
              window.eventStreamAsks.push((init && init.headers && init.headers["Last-Event-ID"]) || null);
            }
            return original(input, init);
          };
          return true;
        })()""")
        status, order = api(url, "POST", "/v1/me/orders", writer, {"items": [{"product": "apex-hoodie", "quantity": 2}]})
        card = f'[...document.querySelectorAll("#feed > .row")].find((row) => row.dataset.id === {json.dumps(order["id"])})'
        if status != 201 or not wait_for(browser, f"!!{card}"):
            return problems + [f"live: the order placed ({status}) never appeared on the page"]
        before = browser.evaluate(f"{card}.outerHTML")
    with serving(stackfeed, db, environment, arguments, port=urllib.parse.urlsplit(url).port) as url:
        status, _ = api(url, "PATCH", f"/v1/orders/{order['id']}", admin, {"status": "shipped"}, {"If-Match": "*"})
        if status != 200 or not wait_for(browser, f"{card} && {card}.outerHTML !== {json.dumps(before)}"):
            problems.append(f"live: the order's status change ({status}) never reached its card after the restart")
    resumed = [ask for ask in browser.evaluate("window.eventStreamAsks") or [] if ask is not None]
    if not resumed or not all(ask.isdigit() for ask in resumed):
        problems.append(f"live: the page subscribed again without the last event's id as Last-Event-ID: {resumed}")
    if not browser.evaluate("window.stillTheSamePage === true"):
        problems.append("live: the page reloaded")
    if browser.evaluate(f'document.querySelectorAll("#feed > .row[data-kind=order]").length') != 1:
        problems.append("live: the page shows another number of order cards than one (the latest)")
    print("live: an order placed and its status changed, both seen in place, across a server restart"
          + (" (with a token)" if reader else ""), file=sys.stderr)
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
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--pictures", action="store_true")
    parser.add_argument("--live", action="store_true")
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
        for width in [int(w) for w in options.widths.split(",") if w]:
            render = json.loads(subprocess.run(
                [options.stackfeed, "render", "--db", options.db, "--width", str(width), "--format", "json"],
                env=environment, check=True, capture_output=True).stdout)
            if token:
                problems += give_token(browser, url, width, token)
            problems += check_width(browser, url, render, width)
            print(f"width {width}: {len(render['rows'])} rows checked", file=sys.stderr)
            if options.screenshots:
                os.makedirs(options.screenshots, exist_ok=True)
                browser.evaluate(HIDE_PICTURES)
                served = browser.screenshot()
                page = os.path.join(scratch, f"render-{width}.html")
                subprocess.run([options.stackfeed, "render", "--db", options.db, "--width", str(width), "--format",
                                "html", "--out", page], env=environment, check=True)
                browser.open("file://" + page, width)
                browser.evaluate(HIDE_PICTURES)
                rendered = browser.screenshot()
                for name, data in (("served", served), ("render", rendered)):
                    with open(os.path.join(options.screenshots, f"{name}-{width}.png"), "wb") as file:
                        file.write(data)
                if png_pixels(served) != png_pixels(rendered):
                    problems.append(f"width {width}: the served page's pixels differ from render --format html's "
                                    f"(see {options.screenshots}/served-{width}.png, render-{width}.png)")
            if options.pictures:
                problems += check_pictures(browser, url, render, width)
    if options.fit:
        with serving(options.stackfeed, options.db, environment) as url, \
                scratch_browser("stackfeed-fit-", scrollbars=True) as (_, browser):
            problems += check_fit(browser, url, options.stackfeed, options.db, environment)
    if options.live:
        with scratch_browser("stackfeed-live-") as (_, browser):
            problems += check_live(browser, options.stackfeed, options.db, environment, arguments, token)
    report("check-serve-page", problems)


if __name__ == "__main__":
    main()
