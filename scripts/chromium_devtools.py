"""Headless Chromium driven over the DevTools protocol on a pipe, shared by the browser checks
(check-serve-page.py, check-gallery-page.py, check-accessibility.py).

    browser = Browser(profile_folder)
    browser.open("file:///tmp/gallery/index.html", 1200)
    browser.evaluate("document.title")
    png = browser.screenshot()
    browser.close()

and the pieces every check shares: ``scratch_browser`` (a Browser with a scratch profile folder), ``serving``
(`stackfeed serve` on a free port) and ``report`` (the problems, then the exit status).
"""
import base64, contextlib, json, os, re, shutil, signal, subprocess, sys, tempfile, time

HEIGHT = 800
PATIENCE = 300  # seconds to wait for a page (generous: CI machines run other builds at the same time)


class Browser:
    """Headless Chromium with --remote-debugging-pipe: requests on fd 3, answers and events on fd 4.

    Scrollbars are hidden unless `scrollbars` (then a page that scrolls has a classic scrollbar taking its width,
    as on a desktop)."""

    def __init__(self, profile, scrollbars=False):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def plumb():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)
            # dup2 onto itself (a pipe that already was fd 3 or 4) keeps close-on-exec: clear it.
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             *([] if scrollbars else ["--hide-scrollbars"]), "--no-first-run", "--force-device-scale-factor=1",
             f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=plumb, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def page(self, method, params=None):
        return self.call(method, params, self.session)

    def evaluate(self, expression):
        result = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        return result.get("result", {}).get("value")

    def open(self, url, width, height=HEIGHT, phone=False, scale=1):
        """Opens `url` in a window `width` by `height` of `scale` pixels per CSS pixel; a `phone` one is a mobile
        viewport with touch."""
        self.resize(width, height, phone, scale)
        self.page("Page.enable")
        self.page("Page.navigate", {"url": url})
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            if self.evaluate("document.readyState") == "complete":
                self.evaluate("document.fonts.ready.then(() => true)")
                return
            time.sleep(0.05)
        raise RuntimeError(f"{url} did not load in {PATIENCE} s")

    def resize(self, width, height=HEIGHT, phone=False, scale=1):
        """Makes the window `width` by `height` of `scale` pixels per CSS pixel (the page stays); a `phone` one is a
        mobile viewport with touch."""
        self.page("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": phone})
        self.page("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5 if phone else 1})

    def screenshot(self):
        self.evaluate("window.scrollTo(0, 0)")
        self.evaluate("document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => done(true))))")
        return base64.b64decode(self.page("Page.captureScreenshot", {"format": "png"})["data"])

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        self.process.wait(timeout=10)


@contextlib.contextmanager
def scratch_browser(prefix, scrollbars=False):
    """A scratch folder and a Browser whose profile lives in it, for the block; both are gone afterwards."""
    scratch = tempfile.mkdtemp(prefix=prefix)
    browser = None
    try:
        browser = Browser(os.path.join(scratch, "profile"), scrollbars)
        yield scratch, browser
    finally:
        if browser:
            browser.close()
        shutil.rmtree(scratch, ignore_errors=True)


@contextlib.contextmanager
def serving(stackfeed, db, environment, arguments=(), port=0):
    """`stackfeed serve --db DB [ARGUMENTS]` on `port` (0: a free one) for the block, yielding its base URL; stopped
    afterwards (SIGTERM)."""
    server = subprocess.Popen([stackfeed, "serve", "--db", db, "--port", str(port), "--quiet", *arguments],
                              stderr=subprocess.PIPE, env=environment, text=True)
    try:
        line = server.stderr.readline()
        match = re.search(r"serving (http://\S+/)", line)
        if not match:
            raise RuntimeError(f"serve did not start: {line}")
        yield match.group(1)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def report(tool, problems):
    """Prints the first 20 problems, each prefixed with the tool's name, and exits 1 if there were any."""
    for problem in problems[:20]:
        print(f"{tool}: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"{tool}: ok", file=sys.stderr)
