// Injected by tests/test_site_browser.py into the pages of a built copy of the site (never
// into docs/): it reports what a reader's browser shows, as JSON in <body data-probe>, for
// headless Chromium's --dump-dom; with ?focus=ID it removes what comes before the heading
// ID so a --screenshot shows that part of the page.
(function () {
  const params = new URLSearchParams(location.search);
  // ?open=1: every folded box opened (a screenshot of what they hold)
  if (params.get("open")) {
    document.querySelectorAll("details").forEach((d) => { d.open = true; });
  }
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
  // Errors the page raised before the probe ran (caught by the script the test puts
  // first in <head>), and the links of the article and the navigation.
  report.errors = window.__rkErrors || [];
  report.links = [...document.querySelectorAll(".md-content a[href], .md-nav a[href]")]
    .map((a) => a.href).filter((href) => href.startsWith(location.origin));
  // The picture of a hand's phases: its size on screen and its boxes.
  const phases = document.querySelector("svg.rk-phases");
  report.phases = phases ? { width: phases.getBoundingClientRect().width,
                             height: phases.getBoundingClientRect().height,
                             boxes: phases.querySelectorAll("g.rk-phase").length,
                             steps: [...phases.querySelectorAll("g.rk-phase")]
                               .map((g) => g.dataset.step) } : null;
  // The folded boxes: closed at first; a click on each summary opens it and shows what
  // it holds (the rule ids, sources and rulings).
  // (only with ?click=1, which leaves them open)
  report.folded = !params.get("click") ? [] : [...document.querySelectorAll(".md-content details")].map((d) => {
    const before = d.open;
    const body = d.querySelector(":scope > :not(summary)");
    // (a closed box's content keeps its layout in Chromium, unrendered: ask whether
    // it is visible, not how tall it is)
    const visible = (el) => Boolean(el) && el.checkVisibility() &&
      el.getBoundingClientRect().height > 0;
    const hidden = !visible(body);
    d.querySelector("summary").click();
    const shown = visible(body);
    return { classes: d.className, open_before: before, open_after: d.open,
             hidden_before: hidden, shown_after: shown,
             text: body ? body.textContent.trim().slice(0, 80) : "" };
  });
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
