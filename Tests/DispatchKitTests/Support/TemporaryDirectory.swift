import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A unique folder under the system's temporary directory, removed when the last reference goes.
///
/// A class so a struct suite can own it and the folder disappears with the suite instance.
final class TemporaryDirectory {
  /// The folder's path.
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("DispatchKitTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path inside the folder.
  func file(_ relativePath: String) -> String {
    (path as NSString).appendingPathComponent(relativePath)
  }

  /// The permission bits of a file or folder, from `stat`.
  static func permissions(of path: String) throws -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    return info.st_mode & 0o777
  }
}
