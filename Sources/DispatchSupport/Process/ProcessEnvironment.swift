#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment variables, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` first sets up Foundation's process information
/// (CoreFoundation's initialisation among it), a fixed cost on every `dispatch` start that the
/// status line, run every second by a bar, does not need.
public enum ProcessEnvironment {
  /// Every `NAME=value` pair; the first of repeated names wins, as `getenv` reads them.
  public static func variables() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return result
  }

  /// One variable, or nil when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
