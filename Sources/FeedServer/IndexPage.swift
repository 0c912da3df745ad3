import StackLayout

/// `GET /`: a page that shows the feed and loads the next page of cards as the reader scrolls near the end.
///
/// The cards come from `/v1/render?format=html` (the HTML renderer's rows, style and all), at the window's
/// width up to 600 points (or `/?width=W`); each page's `Stackfeed-Next` header is the cursor of the next one.
/// When the last page is in, `<body data-state="done">` (the browser test waits for it).
///
/// The page fits its window: it always has its vertical scrollbar (`overflow-y: scroll`; an overlay one takes no
/// width), so the width read before the first card arrives is the width left once the feed scrolls, and a window
/// whose width changes (a phone turned, a window resized) gets the feed laid out anew at its new width, from the top.
///
/// Under `serve --require-auth` `/v1/render` answers 401 without a token: the page then shows a form that says
/// how to make one (`stackfeed token create`) and asks for it, keeps it in the tab's `sessionStorage` (never in a
/// URL, so never in a log) and sends it as `Authorization: Bearer`; a token the server refuses (an answer with a
/// `WWW-Authenticate` challenge) is forgotten and asked for again (`<body data-state="token">` while it asks). The
/// form takes only RFC 6750's token68 characters.
///
/// The page is live: once its first page is in it subscribes to `/v1/events` from that page's `Stackfeed-Version`
/// (`since`: no change committed between the page's read and the subscription is missed) at its width and traits,
/// `format=html`, in the forced scheme or else the browser's scheme at that moment (a change's card is drawn in
/// one), and replaces a card that changed, removes one that left the feed, and puts a new one before the first
/// card of its kind (after the first row when it has none) — without a reload; a row a change put on the page is
/// not added again by a later page. A `reload` change loads the feed anew. The stream is read with `fetch`, not an
/// `EventSource` (which cannot send `Authorization`), so one implementation serves both pages: a page with a token
/// sends it as every other request does, in the header, never in the URL. It follows the stream as an
/// `EventSource` would: after it ends or fails it asks again `retry:` ms later (a 503's `Retry-After` if longer)
/// from the last whole event's `id` (`Last-Event-ID`); a 410 (the log no longer holds the changes after the page's
/// version) loads the feed anew, a refused token is asked for again, another 4xx ends the following.
///
/// The page's own `content_size`, `direction` and `scheme` parameters are passed on to `/v1/render`. A forced
/// `scheme` is the page's only colour scheme; without one the page is drawn in the browser's
/// (`prefers-color-scheme`): it asks for the cards with `system_scheme`, which writes both colours of every
/// light/dark pair.
enum IndexPage {
  /// The page forced to `scheme`, or following the browser's when `nil`.
  static func html(scheme: ColorScheme?) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8"/>
    <meta name="viewport" content="width=device-width, initial-scale=1"/>
    <meta name="color-scheme" content="\(scheme?.rawValue ?? "light dark")"/>
    <title>Stackfeed</title>
    <style>html{overflow-y:scroll}
    #status{font:13px system-ui,sans-serif;color:#777;text-align:center;padding:24px 0}
    #token{font:15px system-ui,sans-serif;max-width:560px;margin:24px auto;padding:0 16px}
    #token input{display:block;box-sizing:border-box;width:100%;margin:8px 0;font:inherit;padding:6px}</style>
    </head>
    <body data-state="loading">
    <form id="token" hidden>
    <label for="token-value" id="token-note"></label>
    <input id="token-value" type="password" autocomplete="off" spellcheck="false" required pattern="[A-Za-z0-9._~+\\/\\-]+=*"
     placeholder="sft_…"/>
    <button type="submit">Show the feed</button>
    </form>
    <div id="feed" class="feed"></div>
    <div id="status">Loading…</div>
    <script>
    (() => {
      const feed = document.getElementById("feed");
      const status = document.getElementById("status");
      const form = document.getElementById("token");
      const tokenKey = "stackfeed.token";
      const parameters = new URLSearchParams(location.search);
      const asked = Number(parameters.get("width"));
      const traits = ["content_size", "direction", "scheme"]
        .filter((name) => parameters.has(name))
        .map((name) => "&" + name + "=" + encodeURIComponent(parameters.get(name)))
        .join("") + (parameters.has("scheme") ? "" : "&system_scheme");
      // The width left beside the vertical scrollbar (always there), in whole points, at most 600.
      const windowWidth = () => Math.min(Math.floor(document.documentElement.getBoundingClientRect().width), 600);
      let width = asked > 0 ? asked : windowWidth();
      feed.style.width = width + "px";
      // `version`: the Stackfeed-Version of the first page, from which the page follows the feed's changes.
      let next = null, version = null, loading = false, styled = false, generation = 0;
      // Observing anew after each page makes the observer report where the status line is now, even when it
      // was near the end before the rows came and is again (a fast scroll): no page is waited for in vain.
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      }, { rootMargin: "800px" });
      // The server wants a token (401): say how to make one and ask for it; a token it refused is forgotten.
      function askForToken(refused) {
        sessionStorage.removeItem(tokenKey);
        document.getElementById("token-note").textContent = (refused
          ? "The server refused that token (unknown or revoked). "
          : "This server needs an API token to show the feed. ")
          + 'Make one with "stackfeed token create --user ID" and paste it here; it stays in this tab only.';
        form.hidden = false;
        status.textContent = "";
        document.body.dataset.state = "token";
        document.getElementById("token-value").focus();
      }
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const field = document.getElementById("token-value");
        sessionStorage.setItem(tokenKey, field.value);
        field.value = "";
        form.hidden = true;
        document.body.dataset.state = next ? "more" : "loading";
        load();
      });
      // A window that changes width gets the feed anew at its new width; a page on its way is dropped.
      addEventListener("resize", () => {
        if (asked > 0 || windowWidth() === width) return;
        width = windowWidth();
        feed.style.width = width + "px";
        feed.replaceChildren();
        next = null;
        version = null;
        generation += 1;
        unfollow();
        if (document.body.dataset.state !== "token") document.body.dataset.state = "loading";
        load();
      });
      // Loads the feed anew from its first page: a `reload` change, or a stream the log no longer covers.
      function reloadFeed() {
        feed.replaceChildren();
        next = null;
        generation += 1;
        document.body.dataset.state = "loading";
        load();
      }
      // Live: each change as it commits, drawn at the page's width and traits, applied in place.
      let live = null;
      function unfollow() {
        if (live) live.abort();
        live = null;
      }
      function follow() {
        if (live) return;
        // A change's card is drawn in one scheme: the forced one, else the browser's now.
        const scheme = parameters.has("scheme") ? ""
          : "&scheme=" + (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
        live = new AbortController();
        subscribe("/v1/events?format=html&width=" + width + traits.replace("&system_scheme", "") + scheme
          + (version ? "&since=" + version : ""), live.signal);
      }
      // Follows the event stream at `url` until `signal` aborts it, as an EventSource would, but read with fetch
      // so that a token goes in the Authorization header like every other request of the page (never in the URL):
      // after the stream ends or fails, it asks again `retry` ms later (or the 503's Retry-After) from the last
      // event's id (Last-Event-ID).
      async function subscribe(url, signal) {
        const stream = { lastId: null, retry: 2000 };
        while (!signal.aborted) {
          let wait = stream.retry;
          try {
            const token = sessionStorage.getItem(tokenKey);
            const headers = {};
            if (token !== null) headers.Authorization = "Bearer " + token;
            if (stream.lastId !== null) headers["Last-Event-ID"] = stream.lastId;
            const response = await fetch(url, { headers, signal, cache: "no-store" });
            if (response.headers.has("WWW-Authenticate")) {
              unfollow();
              return askForToken(token !== null);
            }
            if (response.status === 410) {  // the log no longer holds the changes after the page's version
              unfollow();
              return reloadFeed();
            }
            if (response.ok) await readEvents(response.body, stream, apply);
            else if (response.status === 503) wait = Math.max(wait, 1000 * Number(response.headers.get("Retry-After")));
            else if (response.status < 500) return;  // refused for good (an EventSource gives up too)
          } catch (error) {
            if (signal.aborted) return;
          }
          await new Promise((resume) => {
            const timer = setTimeout(resume, wait);
            signal.addEventListener("abort", () => { clearTimeout(timer); resume(); }, { once: true });
          });
        }
      }
      // Reads a text/event-stream body to its end as an EventSource does: a field per line (CR, LF or CRLF), an
      // event at each blank line, comments (the heartbeat) skipped; `onEvent(type, data)` for each event, and
      // `stream.lastId` and `stream.retry` kept up to date (an id counts once its event is whole).
      async function readEvents(body, stream, onEvent) {
        const reader = body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = "", type = "", data = [], id = stream.lastId;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffered += value;
          const end = buffered.endsWith("\\r") ? buffered.length - 1 : buffered.length;  // a CR may begin a CRLF
          const lines = buffered.slice(0, end).split(/\\r\\n|\\r|\\n/);
          buffered = lines.pop() + buffered.slice(end);
          for (const line of lines) {
            if (line === "") {
              stream.lastId = id;
              if (data.length > 0) onEvent(type || "message", data.join("\\n"));
              type = "";
              data = [];
              continue;
            }
            const colon = line.indexOf(":");
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + (line[colon + 1] === " " ? 2 : 1));
            if (field === "data") data.push(value);
            else if (field === "event") type = value;
            else if (field === "id" && !value.includes("\\0")) id = value;
            else if (field === "retry" && /^[0-9]+$/.test(value)) stream.retry = Number(value);
          }
        }
      }
      // One event of the stream: a change applied to the page (the `resume` event of a subscriber that fell
      // behind needs nothing: the stream ends after it, and is asked again from the last id).
      function apply(type, data) {
        if (type !== "change") return;
        const change = JSON.parse(data);
        if (change.op === "reload") return reloadFeed();
        const rows = [...feed.children];
        const old = rows.find((row) => row.dataset.kind === change.kind && row.dataset.id === change.id);
        if (!change.row) return old?.remove();
        const drawn = new DOMParser().parseFromString(change.row, "text/html").querySelector(".feed > .row");
        if (!drawn) return;
        const row = document.importNode(drawn, true);
        if (old) return old.replaceWith(row);
        const sameKind = rows.find((other) => other.dataset.kind === change.kind);
        feed.insertBefore(row, sameKind ?? rows[1] ?? null);
      }
      async function load() {
        const state = document.body.dataset.state;
        if (loading || state === "done" || state === "token") return;
        loading = true;
        const asking = generation;
        try {
          const url = "/v1/render?format=html&limit=20&width=" + width + traits
            + (next ? "&after=" + encodeURIComponent(next) : "");
          const token = sessionStorage.getItem(tokenKey);
          const response = await fetch(url, token ? { headers: { Authorization: "Bearer " + token } } : {});
          // A challenge (401, or 400 for a malformed credential) means the server wants a token it can use.
          if (response.headers.has("WWW-Authenticate")) return askForToken(token !== null);
          if (!response.ok) throw new Error("HTTP " + response.status);
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          if (asking !== generation) return;
          if (!styled) {
            for (const style of page.querySelectorAll("head style")) document.head.appendChild(style.cloneNode(true));
            styled = true;
          }
          // A row a change put on the page before its page came is not added twice.
          const shown = new Set([...feed.children].map((row) => row.dataset.kind + "/" + row.dataset.id));
          for (const row of page.querySelectorAll(".feed > .row")) {
            if (!shown.has(row.dataset.kind + "/" + row.dataset.id)) feed.appendChild(document.importNode(row, true));
          }
          if (!next) version = response.headers.get("Stackfeed-Version");
          next = response.headers.get("Stackfeed-Next");
          follow();
          document.body.dataset.state = next ? "more" : "done";
          status.textContent = next ? "" : "The end";
        } catch (error) {
          status.textContent = "Could not load the feed (" + error.message + "); retrying…";
          await new Promise((resume) => setTimeout(resume, 2000));
        } finally {
          loading = false;
          observer.unobserve(status);
          if (!["done", "token"].includes(document.body.dataset.state)) observer.observe(status);
        }
      }
      load();
    })();
    </script>
    </body>
    </html>

    """
  }
}
