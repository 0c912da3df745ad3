#!/usr/bin/env python3
"""What a screen reader announces on the `/` page of `stackfeed serve`, read in headless Chromium (the DevTools
protocol's Accessibility.getFullAXTree, over a pipe).

Starts `stackfeed serve --db DB --port 0`, opens `/?QUERY` at WIDTH, scrolls until every page is in
(<body data-state="done">), then checks every tappable part of every card: each element with a `data-action`
(a layout node with an `action`) is in the accessibility tree as a `button` whose name is the node's
accessibility label in `stackfeed render --format json` (same width and traits), and the render has as many
nodes with an action as the page has such elements.

usage: check-accessibility.py --stackfeed BIN --db DB [--width 390] [--query "direction=rtl&scheme=dark"]
Exit 0 when every check holds; else the first problems on stderr and exit 1.
"""
import argparse, json, os, subprocess, sys, time
from urllib.parse import parse_qsl

from chromium_devtools import PATIENCE, report, scratch_browser, serving

TAPPABLE = """JSON.stringify([...document.querySelectorAll("#feed > .row")].flatMap((row) =>
  [...row.querySelectorAll("[data-action]")].map((node) =>
    ({kind: row.dataset.kind, row: row.dataset.id, id: node.dataset.id || "", action: node.dataset.action}))))"""


def labelled_actions(card):
    """(id, label) of every node with an action, in document order; label None when the node has none."""
    found = []

    def walk(node):
        if node.get("hidden"):
            return
        if "action" in node:
            found.append((node.get("id", ""), (node.get("accessibility") or {}).get("label")))
        for child in node.get("children", []):
            walk(child)

    walk(card)
    return found


def value(ax, key):
    return (ax.get(key) or {}).get("value")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stackfeed", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--query", default="")
    options = parser.parse_args()
    environment = dict(os.environ, TZ="UTC")
    traits = [f"--{name.replace('_', '-')}={value}" for name, value in parse_qsl(options.query)]
    render = json.loads(subprocess.run(
        [options.stackfeed, "render", "--db", options.db, "--width", str(options.width), "--format", "json"] + traits,
        env=environment, check=True, capture_output=True).stdout)
    expected = {}
    for row in render["rows"]:
        expected[(row["kind"], row["id"])] = labelled_actions(row["card"])
    problems = []
    checked = 0
    with serving(options.stackfeed, options.db, environment) as base, \
            scratch_browser("stackfeed-accessibility-") as (_, browser):
        url = base + f"?width={options.width}" + (f"&{options.query}" if options.query else "")
        browser.open(url, options.width)
        state = None
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            state = browser.evaluate("window.scrollTo(0, document.body.scrollHeight); document.body.dataset.state")
            if state == "done":
                break
            time.sleep(0.05)
        if state != "done":
            raise RuntimeError(f"{url}: the page never loaded its last page (state {state})")
        tappable = json.loads(browser.evaluate(TAPPABLE))
        document = browser.page("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node_ids = browser.page("DOM.querySelectorAll",
                                {"nodeId": document, "selector": "#feed > .row [data-action]"})["nodeIds"]
        backend = [browser.page("DOM.describeNode", {"nodeId": node})["node"]["backendNodeId"] for node in node_ids]
        browser.page("Accessibility.enable")
        tree = browser.page("Accessibility.getFullAXTree")["nodes"]
        announced = {node["backendDOMNodeId"]: node for node in tree if "backendDOMNodeId" in node}
        want_total = sum(len(actions) for actions in expected.values())
        if len(tappable) != want_total or len(backend) != len(tappable):
            problems.append(f"{len(tappable)} elements with an action on the page, {want_total} nodes with an "
                            f"action in the render")
        remaining = {key: list(actions) for key, actions in expected.items()}
        for part, node in zip(tappable, backend):
            name = f"{part['kind']} {part['row']} {part['id'] or '(no id)'} ({part['action']})"
            actions = remaining.get((part["kind"], part["row"])) or []
            label = actions.pop(0)[1] if actions and actions[0][0] == part["id"] else None
            if not label:
                problems.append(f"{name}: no accessibility label in the render")
                continue
            ax = announced.get(node)
            if ax is None or ax.get("ignored"):
                problems.append(f"{name}: not in the accessibility tree")
                continue
            role, spoken = value(ax, "role"), value(ax, "name")
            if role != "button" or spoken != label:
                problems.append(f"{name}: announced as {role} \"{spoken}\", expected button \"{label}\"")
            checked += 1
        print(f"check-accessibility: {checked} of {len(tappable)} tappable parts announced as labelled buttons "
              f"({options.width} pt{', ' + options.query if options.query else ''})", file=sys.stderr)
    report("check-accessibility", problems)


if __name__ == "__main__":
    main()
