import StackLayout

/// `GET /`: a page that shows the feed and loads the next page of cards as the reader scrolls near the end.
///
/// The cards come from `/v1/render?format=html` (the HTML renderer's rows, style and all), at the window's
/// width up to 600 points (or `/?width=W`); each page's `Stackfeed-Next` header is the cursor of the next one.
/// When the last page is in, `<body data-state="done">` (the browser test waits for it).
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
    <style>#status{font:13px system-ui,sans-serif;color:#777;text-align:center;padding:24px 0}</style>
    </head>
    <body data-state="loading">
    <div id="feed" class="feed"></div>
    <div id="status">Loading…</div>
    <script>
    (() => {
      const feed = document.getElementById("feed");
      const status = document.getElementById("status");
      const parameters = new URLSearchParams(location.search);
      const asked = Number(parameters.get("width"));
      const traits = ["content_size", "direction", "scheme"]
        .filter((name) => parameters.has(name))
        .map((name) => "&" + name + "=" + encodeURIComponent(parameters.get(name)))
        .join("") + (parameters.has("scheme") ? "" : "&system_scheme");
      const width = asked > 0 ? asked : Math.min(document.documentElement.clientWidth, 600);
      feed.style.width = width + "px";
      let next = null, loading = false, styled = false;
      // Observing anew after each page makes the observer report where the status line is now, even when it
      // was near the end before the rows came and is again (a fast scroll): no page is waited for in vain.
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      }, { rootMargin: "800px" });
      async function load() {
        if (loading || document.body.dataset.state === "done") return;
        loading = true;
        try {
          const url = "/v1/render?format=html&limit=20&width=" + width + traits
            + (next ? "&after=" + encodeURIComponent(next) : "");
          const response = await fetch(url);
          if (!response.ok) throw new Error("HTTP " + response.status);
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          if (!styled) {
            for (const style of page.querySelectorAll("head style")) document.head.appendChild(style.cloneNode(true));
            styled = true;
          }
          for (const row of page.querySelectorAll(".feed > .row")) feed.appendChild(document.importNode(row, true));
          next = response.headers.get("Stackfeed-Next");
          document.body.dataset.state = next ? "more" : "done";
          status.textContent = next ? "" : "The end";
        } catch (error) {
          status.textContent = "Could not load the feed (" + error.message + "); retrying…";
          await new Promise((resume) => setTimeout(resume, 2000));
        } finally {
          loading = false;
        }
        observer.unobserve(status);
        if (document.body.dataset.state !== "done") observer.observe(status);
      }
      load();
    })();
    </script>
    </body>
    </html>

    """
  }
}
