/// The dashboard's inline style sheet: system fonts, a readable measure, a strip of figures,
/// cards for charts, text at WCAG AA contrast or better in both schemes.
///
/// Dark mode follows `prefers-color-scheme`. The charts are SVG with their colours as
/// presentation attributes, which CSS overrides: the rules below swap the chart background,
/// ink and grid colours by attribute value, so the renderer stays one drawing for both.
/// Below 560 px the narrow drawing of each chart replaces the wide one.
///
/// The file written by `dispatch dashboard` carries the whole sheet (``css``); the page
/// `dispatch serve` shows under its own header takes the colours scoped to its `.dashboard`
/// section and the parts (``embedded``), as the server's pages allow no inline style.
public enum DashboardStyle {
  static let css =
    colours(":root") + """
      body { margin: 0; background: var(--page); color: var(--ink); \
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      main { max-width: 780px; margin: 0 auto; padding: 24px 16px 48px; }
      h1 { font-size: 28px; margin: 0 0 4px; }
      h2 { font-size: 20px; margin: 32px 0 12px; border-bottom: 1px solid var(--rule); }
      .lede, .note, footer { color: var(--muted); }
      @media (max-width: 560px) { main { padding: 16px 10px 32px; } }

      """ + parts("")

  /// The sheet for the dashboard inside another page: its colours on `.dashboard`.
  public static let embedded =
    colours(".dashboard") + """
      .dashboard h2 { font-size: 20px; margin: 32px 0 12px; border-bottom: 1px solid var(--rule); }
      .dashboard .lede, .dashboard .note { color: var(--muted); }

      """ + parts(".dashboard ")

  /// The colour variables on `selector`, light and dark, and the charts' dark colours.
  private static func colours(_ selector: String) -> String {
    """
    \(selector) { color-scheme: light dark; --page: #f6f7f9; --card: #ffffff; --ink: #1d232b; \
    --muted: #4a5361; --rule: #d5d9df; --soft-rule: #e3e6ea; --accent: #2f6fb0; }
    @media (prefers-color-scheme: dark) {
    \(selector) { --page: #0f1216; --card: #181c22; --ink: #e6e9ee; --muted: #a8b0bc; \
    --rule: #343b45; --soft-rule: #2a3038; --accent: #6ea8e6; }
    .card svg [fill="#ffffff"] { fill: #181c22; }
    .card svg [fill="#1f2328"] { fill: #e6e9ee; }
    .card svg [fill="#59636e"] { fill: #a8b0bc; }
    .card svg [stroke="#59636e"] { stroke: #a8b0bc; }
    .card svg [stroke="#d8dee4"] { stroke: #343b45; }
    .card svg [stroke="#ffffff"] { stroke: #181c22; }
    }

    """
  }

  /// The figures, cards, digest, insights and tables, and the print sheet: a printout for a
  /// doctor is black on white, draws the wide charts, and keeps each card on one page. Every
  /// selector starts with `scope` (empty in the file, `.dashboard ` inside the server's page,
  /// whose own `.wide` and tables must keep their style).
  private static func parts(_ scope: String) -> String {
    let s = scope
    return """
      \(s).strip { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 8px; \
      grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); }
      \(s).strip li { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; \
      padding: 8px 12px; display: flex; flex-direction: column; }
      \(s).strip .label, \(s).strip .detail { font-size: 13px; color: var(--muted); }
      \(s).strip strong { font-size: 26px; font-variant-numeric: tabular-nums; line-height: 1.3; }
      \(s).card { margin: 0 0 16px; padding: 8px; background: var(--card); \
      border: 1px solid var(--rule); border-radius: 8px; }
      \(s).card svg { display: block; width: 100%; height: auto; }
      \(s).narrow { display: none; }
      @media (max-width: 560px) { \(s).wide { display: none; } \(s).narrow { display: block; } }
      \(s).digest { background: var(--card); border-left: 4px solid var(--accent); padding: 4px 12px; }
      \(s).digest p { margin: 8px 0; }
      \(s).insights { padding-left: 20px; } \(s).insights li { margin-bottom: 10px; }
      \(s).insights span { color: var(--muted); }
      \(s)table { border-collapse: collapse; background: var(--card); width: 100%; }
      \(s)th, \(s)td { padding: 4px 12px; border-bottom: 1px solid var(--soft-rule); text-align: left; }
      \(s)td { font-variant-numeric: tabular-nums; }
      @media print {
      :root, .dashboard { --page: #ffffff; --card: #ffffff; --ink: #000000; --muted: #333333; \
      --rule: #999999; --soft-rule: #cccccc; }
      body { background: #ffffff; color: #000000; font-size: 11pt; }
      \(s).wide { display: block; } \(s).narrow { display: none; }
      \(s).card, \(s).strip li, \(s)table, \(s).digest, \(s).insights li { break-inside: avoid; }
      h2 { break-after: avoid; }
      .no-print, header.bar, form { display: none; }
      }
      """
  }
}
