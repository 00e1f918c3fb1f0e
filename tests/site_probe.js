// Injected by tests/test_site_browser.py into the pages of a built copy of the site (never
// into docs/): it reports what a reader's browser shows, as JSON in <body data-probe>, for
// headless Chromium's --dump-dom; with ?focus=ID it removes what comes before the heading
// ID so a --screenshot shows that part of the page.
(function () {
  const params = new URLSearchParams(location.search);
  const focus = params.get("focus");
  if (focus) {
    const target = document.getElementById(focus);
    if (target) {
      let node = target.previousElementSibling;
      while (node) {
        const before = node.previousElementSibling;
        node.remove();
        node = before;
      }
      window.scrollTo(0, 0);
    }
  }
  const report = {};
  // Tables and code blocks a laptop screen cannot show without sideways scrolling (the
  // theme lets a wide table or block scroll inside its frame, or its frame scroll).
  const wide = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent.trim().slice(0, 60));
  report.wide_tables = wide(".md-typeset__scrollwrap, .md-typeset table");
  report.wide_code = wide(".md-typeset pre > code, .md-typeset pre");
  // Code in table cells (ids) broken over two lines.
  report.broken_ids = [...document.querySelectorAll(".md-typeset td code")]
    .filter((code) => code.getClientRects().length > 1)
    .map((code) => code.textContent);
  report.chips = document.querySelectorAll(".rk-card").length;
  // The painted colors of chips and of the highlighted spec's tokens.
  const painted = (selector, property) => [...new Set([...document.querySelectorAll(selector)]
    .map((el) => getComputedStyle(el)[property]))];
  report.chip_backgrounds = painted(".rk-card", "backgroundColor");
  report.spec_token_colors = {};
  for (const token of ["kd", "kt", "na", "s2", "no", "nc", "c1", "k"]) {
    report.spec_token_colors[token] = painted(`.language-rook .${token}`, "color");
  }
  report.spec_text_color = painted(".language-rook code", "color");
  const query = params.get("search");
  const done = () => { document.body.setAttribute("data-probe", JSON.stringify(report)); };
  if (!query) { done(); return; }
  // Type a query into the search box, as a reader would, and read the results.
  const input = document.querySelector("input.md-search__input");
  report.search_input = Boolean(input);
  if (!input) { done(); return; }
  // The search index loads in a web worker, in real time, while headless Chromium's
  // virtual clock races ahead: each pause is a request the test's server answers after a
  // fifth of a second of real time (the virtual clock waits for pending requests).
  const pause = () => fetch("/_wait").catch(() => null);
  let tries = 0;
  const look = async () => {
    const results = [...document.querySelectorAll(".md-search-result__item a")];
    if (results.length || tries++ > 50) {
      report.search_results = results.map((a) => a.getAttribute("href"));
      done();
      return;
    }
    input.value = query;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: "e" }));
    await pause();
    look();
  };
  input.focus();
  look();
})();
