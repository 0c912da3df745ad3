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
/// (`since`: no change committed between the page's read and the subscription is missed), an `EventSource` at
/// its width and traits, `format=html`, in the forced scheme or else the browser's scheme at that moment (a
/// change's card is drawn in one), and replaces a card that changed, removes one that left the feed, and puts a
/// new one before the first card of its kind (after the first row when it has none) — without a reload; a row a
/// change put on the page is not added again by a later page. A `reload` change loads the feed anew. An `EventSource` sends no `Authorization` header, so a page that needed a token is not
/// live (it shows what it loaded).
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
      // Live: each change as it commits, drawn at the page's width and traits, applied in place.
      let live = null;
      function unfollow() {
        if (live) live.close();
        live = null;
      }
      function follow() {
        if (live || sessionStorage.getItem(tokenKey) !== null) return;
        // A change's card is drawn in one scheme: the forced one, else the browser's now.
        const scheme = parameters.has("scheme") ? ""
          : "&scheme=" + (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
        live = new EventSource("/v1/events?format=html&width=" + width + traits.replace("&system_scheme", "") + scheme
          + (version ? "&since=" + version : ""));
        live.addEventListener("change", (event) => {
          const change = JSON.parse(event.data);
          if (change.op === "reload") {
            feed.replaceChildren();
            next = null;
            generation += 1;
            document.body.dataset.state = "loading";
            return load();
          }
          const rows = [...feed.children];
          const old = rows.find((row) => row.dataset.kind === change.kind && row.dataset.id === change.id);
          if (!change.row) return old?.remove();
          const drawn = new DOMParser().parseFromString(change.row, "text/html").querySelector(".feed > .row");
          if (!drawn) return;
          const row = document.importNode(drawn, true);
          if (old) return old.replaceWith(row);
          const sameKind = rows.find((other) => other.dataset.kind === change.kind);
          feed.insertBefore(row, sameKind ?? rows[1] ?? null);
        });
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
