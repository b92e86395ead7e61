extension WebAssets {
  /// The stylesheet: phone first (360–430 px), touch targets of at least 44 px, dark mode from
  /// the system's setting, a visible focus ring for keyboards.
  static let style = """
    :root { color-scheme: light dark; --bg: #f7f8fa; --fg: #1b1f24; --muted: #59636e;
      --accent: #2f5d8a; --on-accent: #ffffff; --line: #c9d1d9; --card: #ffffff;
      --problem: #a4262c;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #121417; --fg: #e8eaed; --muted: #a7b0b9; --accent: #8ab4e8;
        --on-accent: #0d1117; --line: #3a4048; --card: #1c2025; --problem: #ff8a80; } }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font-size: 1.0625rem;
      line-height: 1.45; }
    .bar { background: var(--card); border-bottom: 1px solid var(--line); padding: .75rem 1rem; }
    .brand { color: var(--accent); font-weight: 700; text-decoration: none; }
    main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.4rem; margin: .25rem 0 1rem; }
    .q { border: 1px solid var(--line); border-radius: .75rem; padding: .75rem 1rem;
      margin: 0 0 1rem; background: var(--card); min-width: 0; }
    .q > label, legend { display: block; font-weight: 600; margin-bottom: .5rem; padding: 0; }
    fieldset.q > legend { float: left; width: 100%; }
    fieldset.q > legend + * { clear: left; }
    .hint { color: var(--muted); font-size: .9rem; margin: .1rem 0 .5rem; }
    input[type=text], input[type=number], input[type=time], textarea { width: 100%; font: inherit;
      padding: .6rem .7rem; border: 1px solid var(--line); border-radius: .5rem;
      background: var(--bg); color: var(--fg); min-height: 44px; }
    .row input[type=number] { flex: 1; min-width: 0; }
    .choices { display: flex; flex-wrap: wrap; gap: .5rem; }
    .choice { display: flex; align-items: center; gap: .5rem; padding: .5rem .9rem;
      border: 1px solid var(--line); border-radius: 2rem; background: var(--bg);
      min-height: 44px; cursor: pointer; }
    .choice input, .dot input, .check input { width: 1.25rem; height: 1.25rem; margin: 0;
      accent-color: var(--accent); }
    .choice:has(input:checked) { border-color: var(--accent);
      box-shadow: 0 0 0 2px var(--accent) inset; }
    .scale { display: flex; justify-content: space-between; gap: .25rem; flex-wrap: wrap; }
    .dot { display: flex; flex-direction: column; align-items: center; gap: .25rem;
      min-width: 44px; padding: .25rem; cursor: pointer; }
    .row { display: flex; align-items: center; gap: .5rem; }
    .row input[type=range] { flex: 1; min-width: 0; min-height: 44px;
      accent-color: var(--accent); }
    .end { color: var(--muted); font-size: .9rem; }
    .value { min-width: 2.5rem; text-align: center; font-weight: 600; font-size: 1.2rem; }
    .q-dial .value { font-size: 1.6rem; border: 3px solid var(--accent); border-radius: 50%;
      min-width: 4.25rem; height: 4.25rem; display: flex; align-items: center;
      justify-content: center; }
    .check { display: flex; align-items: center; gap: .5rem; margin-top: .5rem;
      min-height: 44px; font-weight: normal; }
    button, .button { font: inherit; min-height: 44px; padding: .6rem 1.2rem;
      border-radius: .6rem; border: 1px solid var(--accent); background: var(--card);
      color: var(--accent); cursor: pointer; text-decoration: none; display: inline-block; }
    button.primary, .button.primary { background: var(--accent); color: var(--on-accent); }
    button:disabled { opacity: .6; }
    .step { min-width: 3rem; font-size: 1.3rem; }
    .tap { flex: 1; font-size: 1.2rem; }
    .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin: 1rem 0 2rem; }
    .problem { border-left: 4px solid var(--problem); padding: .5rem .75rem; color: var(--problem);
      background: var(--card); }
    .answers dt { font-weight: 600; margin-top: .75rem; }
    .answers dd { margin: .2rem 0 0; }
    .outbox { color: var(--muted); }
    code { font-family: ui-monospace, monospace; background: var(--card); padding: 0 .25rem;
      border-radius: .25rem; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    [hidden] { display: none !important; }
    """
}
