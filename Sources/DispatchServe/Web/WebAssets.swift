import DispatchRender

/// The page's own files, served from memory: nothing on disk is reachable through the server.
enum WebAssets {
  /// The asset a GET asks for, or nil when the path is not one.
  static func response(for request: ServerRequest) -> ServerResponse? {
    guard request.method == "GET" || request.method == "HEAD" else { return nil }
    let asset: (type: String, text: String)
    switch request.path {
    case "/app.css":
      asset = (
        "text/css; charset=utf-8", style + "\n" + exploreStyle + "\n" + DashboardStyle.embedded
      )
    case "/app.js": asset = ("text/javascript; charset=utf-8", script)
    case "/explore.js": asset = ("text/javascript; charset=utf-8", exploreScript)
    case "/sw.js": asset = ("text/javascript; charset=utf-8", serviceWorker)
    case "/manifest.webmanifest": asset = ("application/manifest+json", manifest)
    case "/icon.svg": asset = ("image/svg+xml", icon)
    default: return nil
    }
    // Revalidated on every load, so a new version of Dispatch reaches the phone at once; the
    // service worker keeps copies for when it is offline.
    var headers = ["Content-Type": asset.type, "Cache-Control": "no-cache"]
    // A service worker runs under its own script's policy: it may fetch from this server only.
    if request.path == "/sw.js" {
      headers["Content-Security-Policy"] = "default-src 'none'; connect-src 'self'"
    }
    return ServerResponse(status: 200, headers: headers, body: Array(asset.text.utf8))
  }

  static let manifest = """
    {"name": "Dispatch", "short_name": "Dispatch", "description": "Answer Dispatch's prompts",
     "start_url": "/", "scope": "/", "display": "standalone",
     "background_color": "#f7f8fa", "theme_color": "#2f5d8a",
     "icons": [{"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}
    """

  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" \
    fill="#2f5d8a"/><circle cx="48" cy="48" r="22" fill="none" stroke="#fff" stroke-width="8"/>\
    <circle cx="48" cy="48" r="6" fill="#fff"/></svg>
    """
}
