import DispatchCore
import DispatchStorage
import DispatchSupport

/// One-time pairing links (`dispatch serve pair`): valid for ten minutes, opened once.
public enum ServePairing {
  public static let lifetimeSeconds: Int64 = 600

  /// Makes a pairing link under `baseURL` (e.g. `https://laptop.tailnet.ts.net:8421`).
  public static func issue(in store: DispatchStore, baseURL: String, at now: Instant) throws
    -> (url: String, expires: Instant)
  {
    let secret = ServeTokens.base64URL(try SecureRandom.bytes(24))
    let expires = now.adding(seconds: lifetimeSeconds)
    try store.credentials.addPairing(secret: secret, created: now, expires: expires)
    var base = baseURL
    while base.hasSuffix("/") { base.removeLast() }
    return (base + "/pair/" + secret, expires)
  }
}
