import DispatchKit
import Foundation
import Testing

@testable import DispatchFeatures
@testable import DispatchStorage

/// `notifier` (one or several), `ntfy-url`, `ntfy-token-file` and `serve-url` as `dispatch
/// settings set` takes them: good values stored as written (or normalised), bad ones refused
/// with a one-line reason.
struct NotifierSettingsTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: SteppingClock(Instant(milliseconds: 1_783_508_400_000))))
  }

  @Test(arguments: [
    ("ntfy", "ntfy"), ("notify-send,ntfy", "notify-send,ntfy"), (" Hook , ntfy ", "hook,ntfy"),
    ("notify-send", "notify-send"), ("ntfy,hook,notify-send", "ntfy,hook,notify-send"),
  ])
  func `notifier takes one or several names`(text: String, stored: String) throws {
    #expect(try ScheduleSettings.set("notifier", to: text, in: store) == stored)
    #expect(
      try ScheduleSettings.load(from: store).notifiers.map(\.rawValue).joined(separator: ",")
        == stored)
  }

  @Test(arguments: [
    ("sms", "'sms' is not a notifier; use one or more of notify-send, hook, ntfy, comma-separated"),
    ("ntfy,ntfy", "the notifier 'ntfy' is named twice"),
    (
      "notify-send,",
      "the notifier list 'notify-send,' has an empty name; use one or more of "
        + "notify-send, hook, ntfy, comma-separated"
    ),
  ])
  func `a bad notifier list is refused and the setting kept`(text: String, message: String) throws {
    #expect(throws: DispatchError(.invalidValue, message)) {
      try ScheduleSettings.set("notifier", to: text, in: store)
    }
    #expect(try ScheduleSettings.load(from: store).notifiers == [.notifySend])
  }

  @Test(arguments: [
    ("https://ntfy.sh/my-dispatch-7f3a", "https://ntfy.sh/my-dispatch-7f3a"),
    ("HTTPS://ntfy.sh/my-dispatch-7f3a/", "https://ntfy.sh/my-dispatch-7f3a"),
    ("http://192.168.1.5:8080/phone_1", "http://192.168.1.5:8080/phone_1"),
    ("none", "none"),
  ])
  func `ntfy-url takes a server and one topic`(text: String, stored: String) throws {
    #expect(try ScheduleSettings.set("ntfy-url", to: text, in: store) == stored)
  }

  @Test(arguments: [
    "ftp://ntfy.sh/topic", "https://ntfy.sh", "https://ntfy.sh/", "https://ntfy.sh/a/b",
    "https://ntfy.sh/topic?auth=x", "https://me:secret@ntfy.sh/topic", "https://ntfy.sh/to pic",
    "https://ntfy.sh/top.ic", "ntfy.sh/topic",
  ])
  func `a bad ntfy-url is refused`(text: String) throws {
    let error = try #require(throws: DispatchError.self) {
      try ScheduleSettings.set("ntfy-url", to: text, in: store)
    }
    #expect(error.kind == .invalidValue && !error.message.contains("\n"))
    #expect(!error.message.contains("secret"))
    #expect(try ScheduleSettings.load(from: store).ntfyURL == nil)
  }

  @Test func `none clears the ntfy-url and serve-url`() throws {
    try ScheduleSettings.set("ntfy-url", to: "https://ntfy.sh/t", in: store)
    try ScheduleSettings.set("serve-url", to: "https://laptop.example:8421", in: store)
    try ScheduleSettings.set("ntfy-url", to: "none", in: store)
    try ScheduleSettings.set("serve-url", to: "none", in: store)
    let settings = try ScheduleSettings.load(from: store)
    #expect(settings.ntfyURL == nil && settings.serveURL == nil)
  }

  @Test(arguments: [
    ("https://laptop.tailnet.ts.net:8421", "https://laptop.tailnet.ts.net:8421"),
    ("https://example.com/dispatch/", "https://example.com/dispatch"),
    ("http://127.0.0.1:8421", "http://127.0.0.1:8421"),
  ])
  func `serve-url takes an http(s) address, stored as serve.url`(text: String, stored: String)
    throws
  {
    #expect(try ScheduleSettings.set("serve-url", to: text, in: store) == stored)
    #expect(try store.settings.setting("serve.url") == stored)
    #expect(try ScheduleSettings.load(from: store).serveURL == stored)
  }

  @Test(arguments: [
    "ftp://laptop:8421", "https://laptop:8421/?token=x", "https://laptop:8421/#x", "laptop:8421",
    "https://", "https://a:b@laptop",
  ])
  func `a bad serve-url is refused`(text: String) throws {
    #expect(throws: DispatchError.self) {
      try ScheduleSettings.set("serve-url", to: text, in: store)
    }
  }

  @Test func `a relative token file is kept from the current folder`() throws {
    let stored = try ScheduleSettings.set("ntfy-token-file", to: "ntfy-token", in: store)
    #expect(stored == FileManager.default.currentDirectoryPath + "/ntfy-token")
    #expect(try ScheduleSettings.set("ntfy-token-file", to: "none", in: store) == "none")
  }
}
