import DispatchCore
import DispatchSupport
import Foundation

/// The file holding an ntfy access token (`tk_…`), the `ntfy-token-file` setting: its first
/// line is the token. Like an SSH key, it must be readable by its owner only; a file group or
/// others may read is refused rather than used. The token is never quoted in an error.
public enum NtfyTokenFile {
  /// The token in `path`, read now (so a replaced token is used at the next prompt).
  ///
  /// - Throws: ``DispatchError`` `.unreadable` when the file cannot be read, `.invalidValue`
  ///   when group or others may read it or its first line is empty or not one token.
  public static func read(_ path: String) throws(DispatchError) -> String {
    let token: String
    switch SecretFile.firstLine(path, what: "the ntfy token file") {
    case .success(let line):
      token = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    case .failure(.unreadable(let message)): throw DispatchError(.unreadable, message)
    case .failure(.rejected(let message)): throw DispatchError(.invalidValue, message)
    }
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
