/// The frame every page of the survey shares: one stylesheet, one script, the manifest, and a
/// Content-Security-Policy that allows nothing inline and nothing from elsewhere.
enum WebPage {
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; "
    + "base-uri 'none'; frame-ancestors 'none'"

  /// A whole page; `body` is HTML the caller escaped. `wide` pages (the explorer's tables)
  /// use the width of a desktop screen; `scripts` are more of the app's own scripts.
  static func response(
    _ status: Int = 200, title: String, body: String, headers: [String: String] = [:],
    wide: Bool = false, scripts: [String] = []
  ) -> ServerResponse {
    let more = scripts.map { "<script src=\"\($0)\" defer></script>" }.joined()
    let html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark"><meta name="theme-color" content="#2f5d8a">
      <title>\(HTML.text(title)) · Dispatch</title>
      <link rel="stylesheet" href="/app.css"><link rel="manifest" href="/manifest.webmanifest">
      <link rel="icon" href="/icon.svg"><script src="/app.js" defer></script>\(more)</head>
      <body><header class="bar"><a class="brand" href="/">Dispatch</a>
      <nav class="links" aria-label="Pages"><a href="/">Answer</a> <a href="/query">Query</a> <a href="/graph">Graph</a> <a href="/dashboard">Dashboard</a> <a href="/day">Browse</a></nav>
      </header>
      <main id="main"\(wide ? " class=\"wide\"" : "")>
      \(body)
      </main></body></html>
      """
    var all = [
      "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": contentSecurityPolicy,
    ]
    for (name, value) in headers { all[name] = value }
    return ServerResponse(status: status, headers: all, body: Array(html.utf8))
  }

  /// A page with a heading and a paragraph or two (errors, confirmations).
  static func message(_ status: Int, title: String, paragraphs: [String], action: String = "")
    -> ServerResponse
  {
    let text = paragraphs.map { "<p>\($0)</p>" }.joined()
    return response(
      status, title: title,
      body: "<h1>\(HTML.text(title))</h1>\(text)\(action)")
  }

  /// The answer to a browser that has no session: how to pair it.
  static func notPaired() -> ServerResponse {
    message(
      401, title: "Pair this browser",
      paragraphs: [
        "This browser is not paired with Dispatch yet.",
        "On the computer that runs <code>dispatch serve</code>, run <code>dispatch serve pair</code> "
          + "and open the link it prints on this phone, or scan its QR code. A link works once, "
          + "for ten minutes.",
      ])
  }
}
