import DispatchCore
import DispatchServe
import DispatchStorage
import DispatchSupport
import DispatchTestSupport
import Foundation
import Testing

/// The survey pages of `dispatch serve` as a browser meets them: pairing, sessions, CSRF, and
/// filing through forms that work without JavaScript.
@Suite(.serialized) struct ServeWebTests {
  @Test func aPairingLinkSignsInOneBrowserOnce() throws {
    let serve = try ServeTestServer()
    let browser = ServeWebClient(serve)
    #expect(try browser.get("/").status == 401)
    let store = try DispatchStore(path: serve.storePath, access: .write)
    let link = try ServePairing.issue(
      in: store, baseURL: serve.base + "/", at: SystemWallClock().now())
    #expect(link.url.hasPrefix(serve.base + "/pair/"))
    let secret = String(link.url.split(separator: "/").last ?? "")
    // Opening the link shows a button and spends nothing: a link preview cannot use it up.
    #expect(try browser.get("/pair/" + secret).status == 200)
    #expect(try browser.get("/pair/" + secret).status == 200)
    let paired = try browser.post("/pair", ["secret": secret])
    #expect(paired.status == 303)
    #expect(paired.header("Location") == "/")
    let cookie = try #require(paired.header("Set-Cookie"))
    #expect(cookie.contains("HttpOnly"))
    #expect(cookie.contains("SameSite=Strict"))
    #expect(!cookie.contains("Secure"))
    browser.cookie = String(cookie.split(separator: ";")[0])
    #expect(try browser.get("/").status == 200)
    // Used: a second browser gets nothing from it.
    let other = ServeWebClient(serve)
    #expect(try other.get("/pair/" + secret).status == 410)
    #expect(try other.post("/pair", ["secret": secret]).status == 410)
    #expect(other.cookie == nil)
    let sessions = try store.credentials.list(at: SystemWallClock().now()).filter {
      $0.kind == .session
    }
    #expect(sessions.count == 1)
  }

  @Test func anExpiredPairingLinkIsRefused() throws {
    let serve = try ServeTestServer()
    let store = try DispatchStore(path: serve.storePath, access: .write)
    let old = SystemWallClock().now().adding(seconds: -ServePairing.lifetimeSeconds - 5)
    let link = try ServePairing.issue(in: store, baseURL: serve.base, at: old)
    let secret = String(link.url.split(separator: "/").last ?? "")
    let browser = ServeWebClient(serve)
    #expect(try browser.get("/pair/" + secret).status == 410)
    #expect(try browser.post("/pair", ["secret": secret]).status == 410)
    #expect(
      try store.credentials.list(at: SystemWallClock().now()).allSatisfy { $0.kind == .token })
  }
}
