/// Which characters a terminal chart may use.
public enum TerminalCharset: Sendable, Equatable {
  /// Block elements, braille patterns and box drawing (needs a UTF-8 terminal).
  case unicode
  /// Printable ASCII only, for terminals that are not UTF-8.
  case ascii

  /// `unicode` when the locale variables name UTF-8 (`LC_ALL`, then `LC_CTYPE`, then `LANG`,
  /// the first that is set and not empty), `ascii` otherwise.
  public init(environment: [String: String]) {
    let value =
      ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
      ?? ""
    let lowered = value.lowercased()
    self = lowered.contains("utf-8") || lowered.contains("utf8") ? .unicode : .ascii
  }
}
