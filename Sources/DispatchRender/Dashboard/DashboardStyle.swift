/// The dashboard's inline style sheet: system fonts, a readable measure, cards for charts,
/// text colours at WCAG AA contrast or better on the light background.
enum DashboardStyle {
  static let css = """
    :root { color-scheme: light; }
    body { margin: 0; background: #f6f7f9; color: #1d232b; \
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 780px; margin: 0 auto; padding: 24px 16px 48px; }
    h1 { font-size: 28px; margin: 0 0 4px; }
    h2 { font-size: 20px; margin: 32px 0 12px; border-bottom: 1px solid #d5d9df; }
    .lede, .note, footer { color: #4a5361; }
    .card { margin: 0 0 16px; padding: 8px; background: #ffffff; border: 1px solid #d5d9df; \
    border-radius: 8px; }
    .card svg { display: block; width: 100%; height: auto; }
    .digest { background: #ffffff; border-left: 4px solid #2f6fb0; padding: 8px 12px; }
    .insights { padding-left: 20px; } .insights li { margin-bottom: 10px; }
    .insights span { color: #4a5361; }
    table { border-collapse: collapse; background: #ffffff; }
    th, td { padding: 4px 12px; border-bottom: 1px solid #e3e6ea; text-align: left; }
    td { font-variant-numeric: tabular-nums; }
    """
}
