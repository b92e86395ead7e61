import DispatchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bounded walk of picture folders for image files written since a moment.
///
/// A home folder can hold hundreds of thousands of files and symlinks that loop, and the
/// survey gives every sensor the same short deadline, so the walk stops at a number of
/// entries, a depth and a time budget, whichever comes first, and keeps what it found. It
/// skips hidden entries (caches, thumbnails, `.git`) and does not follow symlinked folders.
package struct PhotoFolderScan {
  struct Limits: Sendable {
    /// Directory entries looked at, over all folders.
    var entries = 20_000
    /// Levels of subfolders below each configured folder.
    var depth = 8
    /// Seconds of walking and reading, well inside the survey's 2-second deadline.
    var seconds = 1.0
  }

  /// An image file the walk found and its modification time.
  struct Candidate: Equatable {
    let path: String
    let modified: Date
  }

  /// Image extensions, lowercase: the common formats, HEIF and AVIF, and camera RAWs.
  static let imageExtensions: Set<String> = [
    "jpg", "jpeg", "png", "heic", "heif", "webp", "gif", "tif", "tiff", "avif", "dng", "cr2",
    "cr3", "nef", "arw", "orf", "rw2", "raf",
  ]

  let limits: Limits
  /// When the budget runs out, on the monotonic clock.
  let deadline: Double

  init(limits: Limits = Limits()) {
    self.limits = limits
    deadline = Self.uptime() + limits.seconds
  }

  /// Whether the time budget is spent; the sensor asks too, between files it opens.
  var expired: Bool { Self.uptime() >= deadline }

  static func uptime() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// Image files under `folders` modified at or after `since`, each once, in walk order
  /// (folders in the order given, entries sorted by name, so an early stop is repeatable).
  func candidates(in folders: [String], modifiedSince since: Date) -> [Candidate] {
    var found: [Candidate] = []
    var seen: Set<String> = []
    var visited = 0
    for folder in folders {
      var pending = [(path: folder, depth: 0)]
      while let (path, depth) = pending.popLast() {
        var subfolders: [String] = []
        for entry in FolderEntries.read(path) {
          visited += 1
          if visited > limits.entries || (visited % 64 == 0 && expired) { return found }
          let full = path.hasSuffix("/") ? path + entry.name : path + "/" + entry.name
          switch entry.kind {
          case .folder:
            if depth < limits.depth { subfolders.append(full) }
          case .file:
            // Only image files are stat'ed: most of a picture folder's cost is in the stat.
            guard
              Self.imageExtensions.contains((entry.name as NSString).pathExtension.lowercased()),
              let modified = FolderEntries.modification(of: full), modified >= since,
              seen.insert(full).inserted
            else { continue }
            found.append(Candidate(path: full, modified: modified))
          case .other:
            continue
          }
        }
        // Reversed so the stack pops them in name order.
        pending.append(contentsOf: subfolders.reversed().map { ($0, depth + 1) })
      }
    }
    return found
  }
}

/// A folder's entries from `readdir`, which gives each one's kind without a `stat` call.
/// Symbolic links are `.other`: a symlinked folder is never entered, so loops cannot form.
enum FolderEntries {
  enum Kind {
    case folder, file, other
  }

  /// `d_type` values (dirent.h).
  private static let unknownType: UInt8 = 0
  private static let folderType: UInt8 = 4
  private static let fileType: UInt8 = 8

  /// The visible entries (no leading dot), sorted by name so an early stop is repeatable.
  static func read(_ path: String) -> [(name: String, kind: Kind)] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var entries: [(name: String, kind: Kind)] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let kind: Kind
      switch entry.pointee.d_type {
      case folderType: kind = .folder
      case fileType: kind = .file
      case unknownType: kind = Self.kind(of: path + "/" + name)
      default: kind = .other
      }
      entries.append((name, kind))
    }
    return entries.sorted { $0.name < $1.name }
  }

  /// The kind from `lstat`, for file systems whose `readdir` does not say.
  private static func kind(of path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .other }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
    default: return .other
    }
  }

  /// When the file was last written, from `lstat`.
  static func modification(of path: String) -> Date? {
    FileModification.date(of: path)
  }
}
