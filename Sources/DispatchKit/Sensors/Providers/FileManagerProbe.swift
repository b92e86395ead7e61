import Foundation

/// Existence checks that follow symbolic links, as /sys is made of them.
enum FileManagerProbe {
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }
}
