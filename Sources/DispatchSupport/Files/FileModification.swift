import Foundation

/// When a file was last written, read with `lstat` (a link's own time, never its target's).
public enum FileModification {
  /// The modification time of `path`, or nil when it cannot be read.
  public static func date(of path: String) -> Date? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
  }
}
