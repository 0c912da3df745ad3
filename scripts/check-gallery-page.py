#!/usr/bin/env python3
"""The `index.html` of `stackfeed gallery` in headless Chromium (driven over the DevTools protocol on a pipe).

Opens the page as a file, waits until every image has loaded (or failed), then checks:
  - every <img> loaded: complete, naturalWidth > 0 (no broken picture), and has alt text;
  - the column headings (<th><h2>) are exactly the trait sets given with --headings, in order, and every
    kind given with --kinds heads a row;
  - a screenshot of the page (beyond the viewport, the whole table) is not blank: decoded back in the
    browser, it has at least MINIMUM_COLOURS distinct colours (a blank page has one) and no colour covers
    more than DOMINANT of it.
With --screenshot FILE the PNG is written there.

usage: check-gallery-page.py --index DIR/index.html --headings "L ltr light,AX3 rtl dark" --kinds header,order
       [--screenshot FILE]
Exit 0 when every check holds; else the problems on stderr and exit 1.
"""
import argparse, base64, json, os, sys

from chromium_devtools import report, scratch_browser

MINIMUM_COLOURS = 16
DOMINANT = 0.98

LOADED = """Promise.all([...document.images].map((image) => image.decode().then(() => true, () => false)))
  .then(() => JSON.stringify([...document.images].map((image) => ({
    src: image.getAttribute("src"), alt: image.getAttribute("alt") || "", complete: image.complete,
    width: image.naturalWidth}))))"""

HEADINGS = """JSON.stringify({
  columns: [...document.querySelectorAll("thead th h2")].map((heading) => heading.textContent),
  rows: [...document.querySelectorAll("tbody th[scope=row]")].map((heading) => heading.textContent),
  width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight})"""

COLOURS = """(async () => {
  const image = new Image();
  image.src = "data:image/png;base64,%s";
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const colour = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(colour, (counts.get(colour) || 0) + 1);
  }
  return JSON.stringify({colours: counts.size, dominant: Math.max(...counts.values()) / (data.length / 4),
    width: canvas.width, height: canvas.height});
})()"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--index", required=True)
    parser.add_argument("--headings", required=True)
    parser.add_argument("--kinds", required=True)
    parser.add_argument("--screenshot")
    options = parser.parse_args()
    headings = options.headings.split(",")
    kinds = options.kinds.split(",")
    problems = []
    with scratch_browser("stackfeed-gallery-page-") as (_, browser):
        browser.open("file://" + os.path.abspath(options.index), 1280)
        images = json.loads(browser.evaluate(LOADED))
        if not images:
            problems.append("the page has no images")
        for image in images:
            if not image["complete"] or image["width"] <= 0:
                problems.append(f"{image['src']}: broken image (naturalWidth {image['width']})")
            if not image["alt"].strip():
                problems.append(f"{image['src']}: no alt text")
        found = json.loads(browser.evaluate(HEADINGS))
        if found["columns"] != headings:
            problems.append(f"column headings {found['columns']}, expected {headings}")
        for kind in kinds:
            if kind not in found["rows"]:
                problems.append(f"no row for the kind {kind} (rows: {found['rows']})")
        # The whole table in one picture: the viewport as large as the page.
        browser.page("Emulation.setDeviceMetricsOverride",
                     {"width": found["width"], "height": found["height"], "deviceScaleFactor": 1, "mobile": False})
        png = browser.screenshot()
        if options.screenshot:
            with open(options.screenshot, "wb") as file:
                file.write(png)
        measured = json.loads(browser.evaluate(COLOURS % base64.b64encode(png).decode()))
        if measured["colours"] < MINIMUM_COLOURS or measured["dominant"] > DOMINANT:
            problems.append(f"the screenshot looks blank: {measured['colours']} colours, the commonest covers "
                            f"{measured['dominant']:.1%}")
        print(f"check-gallery-page: {len(images)} images loaded, {len(found['columns'])} trait sets, "
              f"{len(found['rows'])} kinds; screenshot {measured['width']}x{measured['height']} px with "
              f"{measured['colours']} colours", file=sys.stderr)
    report("check-gallery-page", problems)


if __name__ == "__main__":
    main()
