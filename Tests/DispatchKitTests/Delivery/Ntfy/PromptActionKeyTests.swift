import DispatchKit
import Foundation
import Testing

@testable import DispatchFeatures
@testable import DispatchStorage

/// The signed links a phone's buttons act through: a fixed key gives a fixed signature
/// (checked against OpenSSL's HMAC), and a signature holds for its prompt only.
struct PromptActionKeyTests {
  /// Bytes 0x00…0x1f.
  let key = (0..<32).map { UInt8($0) }

  @Test func `the signature is base64url HMAC-SHA256 of act and the prompt`() {
    // printf 'act:prompt-20260708-1138' | openssl dgst -sha256 -mac HMAC \
    //   -macopt hexkey:000102…1f -binary | base64 | tr '+/' '-_' | tr -d '='
    #expect(
      PromptActionKey.signature(prompt: "prompt-20260708-1138", key: key)
        == "lMqik24m_hncV_9EzTlJRp1ML5m26BqNwRlRnhr-s6Q")
  }

  @Test func `a signature verifies for its prompt and key only`() {
    let signature = PromptActionKey.signature(prompt: "prompt-20260708-1138", key: key)
    #expect(PromptActionKey.verify(prompt: "prompt-20260708-1138", signature: signature, key: key))
    #expect(
      !PromptActionKey.verify(prompt: "prompt-20260708-1436", signature: signature, key: key))
    var otherKey = key
    otherKey[0] ^= 1
    #expect(
      !PromptActionKey.verify(prompt: "prompt-20260708-1138", signature: signature, key: otherKey))
    var forged = Array(signature)
    forged[0] = forged[0] == "A" ? "B" : "A"
    #expect(
      !PromptActionKey.verify(
        prompt: "prompt-20260708-1138", signature: String(forged), key: key))
    #expect(!PromptActionKey.verify(prompt: "prompt-20260708-1138", signature: "", key: key))
    #expect(
      !PromptActionKey.verify(
        prompt: "prompt-20260708-1138", signature: signature + "=", key: key))
  }

  @Test func `the store's key is made once, kept, and never listed with the settings`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(clock: SteppingClock(Instant(milliseconds: 1_783_508_400_000))))
    let first = try PromptActionKey.key(in: store)
    #expect(first.count == 32)
    #expect(try PromptActionKey.key(in: store) == first)
    #expect(try store.settings.setting(PromptActionKey.settingKey) != nil)
    let shown = try ScheduleSettings.values(in: store).values.joined(separator: " ")
    #expect(!shown.contains(Data(first).base64EncodedString()))
  }

  @Test func `links percent-encode the prompt and sign it`() {
    let links = PromptActionLinks(serveURL: "https://laptop.example:8421/", key: key)
    #expect(
      links.survey(prompt: "prompt-20260708-1138")
        == "https://laptop.example:8421/prompt/prompt-20260708-1138")
    #expect(
      links.act(prompt: "gprompt-a b/c-20260708-1138")
        == "https://laptop.example:8421/api/v1/act?prompt=gprompt-a%20b%2Fc-20260708-1138"
        + "&sig=0u8C9dD_0GIlhvnKW1uhYPwq7FGduGVK0LjE9KjOlgM")
  }
}
