extension WebAssets {
  /// `explore.js`: what JavaScript adds to the query page (which works without it): the count
  /// and the diagnostic, with its caret and "did you mean", as one types, from
  /// `GET /api/v1/query?limit=0`; Enter runs the query, Shift+Enter starts a new line. On the
  /// graph page it shows the value of the point under the pointer or finger.
  static let exploreScript = #"""
    "use strict";
    (function () {
      const box = document.getElementById("q");
      const status = document.getElementById("query-status");
      if (!box || !status) return;
      let timer = null;
      let asked = 0;

      function diagnostic(text) {
        let shown = document.getElementById("diagnostic");
        if (!text) {
          if (shown) shown.hidden = true;
          return;
        }
        if (!shown) {
          shown = document.createElement("pre");
          shown.id = "diagnostic";
          shown.className = "problem diagnostic";
          status.after(shown);
        }
        shown.textContent = text;
        shown.hidden = false;
      }

      async function ask() {
        const text = box.value.trim();
        const mine = ++asked;
        if (!text) {
          status.textContent = "";
          diagnostic(null);
          return;
        }
        try {
          const response = await fetch("/api/v1/query?limit=0&q=" + encodeURIComponent(text),
            { credentials: "same-origin", headers: { Accept: "application/json" } });
          const answer = await response.json();
          if (mine !== asked) return;
          if (response.ok) {
            const one = answer.count === 1;
            status.textContent = answer.count.toLocaleString() + " " +
              (one ? answer.type : answer.plural) + (one ? " matches" : " match");
            diagnostic(null);
          } else if (answer.diagnostic) {
            status.textContent = answer.diagnostic.message +
              (answer.diagnostic.hint ? "; " + answer.diagnostic.hint : "");
            diagnostic(answer.diagnostic.rendered);
          } else {
            status.textContent = answer.error || "";
          }
        } catch (error) {
          if (mine === asked) status.textContent = "No connection: the count comes back with it.";
        }
      }

      box.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(ask, 250);
      });
      box.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.shiftKey) {
          event.preventDefault();
          box.form.requestSubmit();
        }
      });
      if (box.value.trim()) ask();
    })();
    // The graph page: the value of the point under the pointer, or tapped on a phone, in a
    // line under the chart (each point's target carries it; without a script its title shows).
    (function () {
      const chart = document.getElementById("chart");
      if (!chart || !chart.querySelector("circle[data-value]")) return;
      const readout = document.createElement("p");
      readout.id = "chart-value";
      readout.className = "chart-value";
      readout.setAttribute("aria-live", "polite");
      readout.textContent = "Point at the chart, or tap it, for a point's value.";
      chart.after(readout);
      function show(event) {
        const target = event.target.closest && event.target.closest("circle[data-value]");
        if (target) readout.textContent = target.getAttribute("data-value");
      }
      chart.addEventListener("pointerover", show);
      chart.addEventListener("click", show);
    })();
    """#

  /// More of the stylesheet: the explorer's wide pages, tables that scroll sideways on a phone,
  /// the diagnostic in a monospaced box, inline forms.
  static let exploreStyle = """
    main.wide { max-width: 80rem; }
    .bar { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
    .links a { color: var(--accent); margin-left: 1rem; text-decoration: none; }
    .query textarea { font-family: ui-monospace, monospace; }
    pre.diagnostic { font-family: ui-monospace, monospace; white-space: pre; overflow-x: auto; }
    .table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: .5rem;
      position: relative; }
    table { border-collapse: collapse; width: 100%; background: var(--card); }
    th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--line);
      white-space: nowrap; }
    th { font-weight: 600; }
    .pager { display: flex; gap: 1rem; margin: .75rem 0; }
    .n { font-weight: 600; }
    .tree, .tree ul { list-style: none; padding-left: 1.25rem; }
    .why .met { color: var(--fg); } .why .unmet { color: var(--problem); }
    .saved li { margin: .5rem 0; }
    main code { overflow-wrap: anywhere; }
    form.inline { display: inline; }
    form.inline button { min-height: 36px; padding: .3rem .8rem; }
    .save { margin: .5rem 0 1rem; flex-wrap: wrap; }
    .save input[type=text] { width: auto; flex: 1; min-width: 10rem; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    .fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
      gap: .75rem 1rem; }
    .fields label { display: block; font-weight: 600; margin-bottom: .25rem; }
    select { font: inherit; min-height: 44px; width: 100%; padding: .4rem .6rem;
      border: 1px solid var(--line); border-radius: .5rem; background: var(--bg);
      color: var(--fg); }
    .chart { margin: 1rem 0; } .chart svg { max-width: 100%; height: auto; }
    .chart circle[data-value] { cursor: crosshair; }
    .chart circle[data-value]:hover { stroke: var(--accent); stroke-width: 2; }
    .chart-value { font-variant-numeric: tabular-nums; min-height: 1.5em; }
    .command code { white-space: pre-wrap; word-break: break-word; }
    .ranges { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin: .5rem 0; }
    .ranges a[aria-current] { font-weight: 700; text-decoration: none; }
    .range-form { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem;
      margin: .5rem 0; }
    .range-form input { width: auto; min-width: 9rem; }
    .dashboard th, .dashboard td { white-space: normal; }
    pre.stress { overflow-x: auto; font-family: ui-monospace, monospace; font-size: .85rem; }
    .pinned li { margin: .5rem 0; }
    @media print { .bar, form, .pager, .saved-queries { display: none; } }
    .report { border: 1px solid var(--line); border-radius: .5rem; padding: .25rem 1rem;
      margin: 1rem 0; background: var(--card); overflow-wrap: anywhere; }
    .report h2 { font-size: 1.1rem; } .report h3 { font-size: 1rem; margin-bottom: .25rem; }
    .found > li { margin: .75rem 0; overflow-wrap: anywhere; }
    mark { background: var(--accent); color: var(--bg); border-radius: .2rem; padding: 0 .1rem; }
    """
}
