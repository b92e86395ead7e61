import DispatchCore
import DispatchStorage

/// `/pair/SECRET`: a pairing link opened on the phone. Opening it shows a button; pressing it
/// uses the link up and signs the browser in. Link previews and prefetchers only GET, so they
/// cannot spend a link.
struct PairingPages {
  let store: DispatchStore
  let throttle: LoginThrottle
  let secureCookies: Bool

  func respond(to request: ServerRequest, at now: Instant) throws -> ServerResponse {
    switch (request.method, request.path) {
    case ("GET", let path) where path.hasPrefix("/pair/"):
      let secret = String(path.dropFirst("/pair/".count))
      guard !secret.isEmpty, try store.credentials.pairingIsLive(secret: secret, at: now) else {
        return refused(request, at: now)
      }
      let form = """
        <form method="post" action="/pair"><input type="hidden" name="secret" value="\(
          HTML.attribute(secret))"><button type="submit" class="primary">Pair this browser</button></form>
        """
      return WebPage.message(
        200, title: "Pair this browser",
        paragraphs: [
          "This browser will answer Dispatch's prompts and read your recent reports. Pair it "
            + "only if it is yours."
        ], action: form)
    case ("POST", "/pair"):
      let secret = FormBody(request.body)["secret"] ?? ""
      let session = try WebSession.make(userAgent: request.header("User-Agent"), at: now)
      guard !secret.isEmpty,
        try store.credentials.redeemPairing(
          secret: secret, at: now, session: session.credential, sessionSecret: session.secret)
      else { return refused(request, at: now) }
      return ServerResponse(
        status: 303,
        headers: [
          "Location": "/",
          "Set-Cookie": WebSession.cookie(session.secret, secure: secureCookies),
        ])
    default:
      return WebPage.message(405, title: "Not allowed", paragraphs: ["Open the pairing link."])
    }
  }

  private func refused(_ request: ServerRequest, at now: Instant) -> ServerResponse {
    throttle.recordFailure(request.clientAddress, at: now)
    return WebPage.message(
      410, title: "Link used or expired",
      paragraphs: [
        "This pairing link was used already or is older than ten minutes.",
        "Run <code>dispatch serve pair</code> again on the computer and open the new link.",
      ])
  }
}
