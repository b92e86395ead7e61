/// The dashboard's inline style sheet: system fonts, a readable measure, a strip of figures,
/// cards for charts, text at WCAG AA contrast or better in both schemes.
///
/// Dark mode follows `prefers-color-scheme`. The charts are SVG with their colours as
/// presentation attributes, which CSS overrides: the rules below swap the chart background,
/// ink and grid colours by attribute value, so the renderer stays one drawing for both.
/// Below 560 px the narrow drawing of each chart replaces the wide one.
enum DashboardStyle {
  static let css = """
    :root { color-scheme: light dark; --page: #f6f7f9; --card: #ffffff; --ink: #1d232b; \
    --muted: #4a5361; --rule: #d5d9df; --soft-rule: #e3e6ea; --accent: #2f6fb0; }
    @media (prefers-color-scheme: dark) {
    :root { --page: #0f1216; --card: #181c22; --ink: #e6e9ee; --muted: #a8b0bc; \
    --rule: #343b45; --soft-rule: #2a3038; --accent: #6ea8e6; }
    .card svg [fill="#ffffff"] { fill: #181c22; }
    .card svg [fill="#1f2328"] { fill: #e6e9ee; }
    .card svg [fill="#59636e"] { fill: #a8b0bc; }
    .card svg [stroke="#59636e"] { stroke: #a8b0bc; }
    .card svg [stroke="#d8dee4"] { stroke: #343b45; }
    .card svg [stroke="#ffffff"] { stroke: #181c22; }
    }
    body { margin: 0; background: var(--page); color: var(--ink); \
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 780px; margin: 0 auto; padding: 24px 16px 48px; }
    h1 { font-size: 28px; margin: 0 0 4px; }
    h2 { font-size: 20px; margin: 32px 0 12px; border-bottom: 1px solid var(--rule); }
    .lede, .note, footer { color: var(--muted); }
    .strip { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 8px; \
    grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); }
    .strip li { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; \
    padding: 8px 12px; display: flex; flex-direction: column; }
    .strip .label, .strip .detail { font-size: 13px; color: var(--muted); }
    .strip strong { font-size: 26px; font-variant-numeric: tabular-nums; line-height: 1.3; }
    .card { margin: 0 0 16px; padding: 8px; background: var(--card); \
    border: 1px solid var(--rule); border-radius: 8px; }
    .card svg { display: block; width: 100%; height: auto; }
    .narrow { display: none; }
    @media (max-width: 560px) { .wide { display: none; } .narrow { display: block; } \
    main { padding: 16px 10px 32px; } }
    .digest { background: var(--card); border-left: 4px solid var(--accent); padding: 4px 12px; }
    .digest p { margin: 8px 0; }
    .insights { padding-left: 20px; } .insights li { margin-bottom: 10px; }
    .insights span { color: var(--muted); }
    table { border-collapse: collapse; background: var(--card); width: 100%; }
    th, td { padding: 4px 12px; border-bottom: 1px solid var(--soft-rule); text-align: left; }
    td { font-variant-numeric: tabular-nums; }
    """
}
