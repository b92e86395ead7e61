import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file holding a secret (a webhook's signing secret, an ntfy token): its first line is the
/// secret, and like an SSH key it must be readable by its owner only. A file group or others
/// may read is refused rather than used. Messages name the file, never its content.
package enum SecretFile {
  package enum Problem: Error, Equatable {
    /// Missing or unreadable; the message says why.
    case unreadable(String)
    /// Group or others may read it, or its first line is empty.
    case rejected(String)
  }

  /// The first line of `path` without its line ending; `what` names the file in messages,
  /// e.g. "the ntfy token file".
  package static func firstLine(_ path: String, what: String) -> Result<[UInt8], Problem> {
    var status = stat()
    guard stat(path, &status) == 0 else {
      return .failure(
        .unreadable("cannot read \(what) '\(path)': \(String(cString: strerror(errno)))"))
    }
    let mode = Int(status.st_mode) & 0o777
    guard mode & 0o077 == 0 else {
      return .failure(
        .rejected(
          "\(what) '\(path)' can be read by others (mode \(String(mode, radix: 8))); "
            + "run chmod 600 '\(path)'"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(.unreadable("cannot read \(what) '\(path)'"))
    }
    var line = Array(data.prefix { $0 != UInt8(ascii: "\n") })
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard !line.isEmpty else {
      return .failure(.rejected("\(what) '\(path)' is empty (its first line is the secret)"))
    }
    return .success(line)
  }
}
