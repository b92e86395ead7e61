import DispatchCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file holding an ntfy access token (`tk_…`), the `ntfy-token-file` setting: its first
/// line is the token. Like an SSH key, it must be readable by its owner only; a file group or
/// others may read is refused rather than used. The token is never quoted in an error.
public enum NtfyTokenFile {
  /// The token in `path`, read now (so a replaced token is used at the next prompt).
  ///
  /// - Throws: ``DispatchError`` `.unreadable` when the file cannot be read, `.invalidValue`
  ///   when group or others may read it or its first line is empty or not one token.
  public static func read(_ path: String) throws(DispatchError) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw DispatchError(
        .unreadable,
        "cannot read the ntfy token file '\(path)': \(String(cString: strerror(errno)))")
    }
    let mode = Int(status.st_mode) & 0o777
    guard mode & 0o077 == 0 else {
      throw DispatchError(
        .invalidValue,
        "the ntfy token file '\(path)' can be read by others (mode \(String(mode, radix: 8))); "
          + "run chmod 600 '\(path)'")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DispatchError(.unreadable, "cannot read the ntfy token file '\(path)'")
    }
    let firstLine = data.prefix { $0 != UInt8(ascii: "\n") }
    let token = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespaces)
      .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    guard !token.isEmpty else {
      throw DispatchError(
        .invalidValue, "the ntfy token file '\(path)' is empty (its first line is the token)")
    }
    // It goes into a header line: one printable word, nothing that could end the line.
    guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
      throw DispatchError(
        .invalidValue,
        "the first line of the ntfy token file '\(path)' is not one token (spaces or "
          + "control characters)")
    }
    return token
  }
}
