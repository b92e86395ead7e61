import DispatchSupport

/// Whether `notify-send` exists and can show buttons and report the chosen one.
///
/// Both sides must agree: notify-send gained `--action` and `--wait` in libnotify 0.7.10 (its
/// NEWS), and the notification server must list the "actions" capability, otherwise
/// notify-send shows the prompt without buttons and exits with status 1.
public struct NotifySendCapabilities: Sendable, Equatable {
  /// notify-send was found and answered `--version`.
  public var isAvailable: Bool
  /// Its version, as numeric components (`[0, 8, 1]`); nil when unknown.
  public var version: [Int]?
  /// The server's capabilities; nil when they could not be read (no gdbus, no session bus).
  public var serverCapabilities: [String]?

  /// The oldest notify-send with `--action` and `--wait`.
  public static let minimumActionVersion = [0, 7, 10]

  /// Capabilities from already known facts.
  public init(isAvailable: Bool, version: [Int]?, serverCapabilities: [String]?) {
    self.isAvailable = isAvailable
    self.version = version
    self.serverCapabilities = serverCapabilities
  }

  /// Buttons can be shown and the choice read back. Unknown server capabilities count as no:
  /// waiting on a server that ignores actions would report every closed prompt as dismissed.
  public var supportsActions: Bool {
    guard isAvailable, let version, Self.versionSupportsActions(version) else { return false }
    return serverCapabilities?.contains("actions") ?? false
  }

  /// Asks the machine through `runner`: `notify-send --version`, then the server's
  /// `GetCapabilities` over the session bus with `gdbus` (5 second timeout).
  public static func detect(runner: any CommandRunner, notifySendPath: String = "notify-send")
    -> NotifySendCapabilities
  {
    guard let answer = try? runner.run(notifySendPath, ["--version"]), answer.status == 0 else {
      return NotifySendCapabilities(isAvailable: false, version: nil, serverCapabilities: nil)
    }
    let capabilities = try? runner.run(
      "gdbus",
      [
        "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.Notifications",
        "--object-path", "/org/freedesktop/Notifications",
        "--method", "org.freedesktop.Notifications.GetCapabilities",
      ])
    let serverCapabilities = capabilities.flatMap { result in
      result.status == 0 ? parseServerCapabilities(result.stdout) : nil
    }
    return NotifySendCapabilities(
      isAvailable: true, version: parseVersion(answer.stdout),
      serverCapabilities: serverCapabilities)
  }

  /// The version in `notify-send --version` output (`notify-send 0.8.1`, or the full path
  /// when it was started by path): the first word that starts with a digit, read as
  /// dot-separated numbers up to the first other character.
  public static func parseVersion(_ output: String) -> [Int]? {
    let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
    guard let word = words.first(where: { $0.first?.isASCII == true && $0.first?.isNumber == true })
    else { return nil }
    var components: [Int] = []
    for part in word.split(separator: ".", omittingEmptySubsequences: false) {
      let digits = part.prefix(while: { $0.isASCII && $0.isNumber })
      guard let number = Int(digits) else { break }
      components.append(number)
      if digits.count < part.count { break }
    }
    return components.isEmpty ? nil : components
  }

  /// Whether `version` is at least ``minimumActionVersion``; missing components count as 0.
  public static func versionSupportsActions(_ version: [Int]) -> Bool {
    for index in 0..<max(version.count, minimumActionVersion.count) {
      let have = index < version.count ? version[index] : 0
      let need = index < minimumActionVersion.count ? minimumActionVersion[index] : 0
      if have != need { return have > need }
    }
    return true
  }

  /// The strings in gdbus's GVariant text for `GetCapabilities`, such as
  /// `(['actions', 'body', 'persistence'],)`; nil when the text holds no array.
  public static func parseServerCapabilities(_ output: String) -> [String]? {
    guard let open = output.firstIndex(of: "["), let close = output.lastIndex(of: "]"),
      open < close
    else { return nil }
    var strings: [String] = []
    var current: String?
    var quote: Character = "'"
    var escaped = false
    for character in output[output.index(after: open)..<close] {
      guard var text = current else {
        if character == "'" || character == "\"" {
          quote = character
          current = ""
        }
        continue
      }
      if escaped {
        text.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == quote {
        strings.append(text)
        current = nil
        continue
      } else {
        text.append(character)
      }
      current = text
    }
    return strings
  }
}
