import Foundation

/// A bounded walk of picture folders for image files written since a moment.
///
/// A home folder can hold hundreds of thousands of files and symlinks that loop, and the
/// survey gives every sensor the same short deadline, so the walk stops at a number of
/// entries, a depth and a time budget, whichever comes first, and keeps what it found. It
/// skips hidden entries (caches, thumbnails, `.git`) and does not follow symlinked folders.
struct PhotoFolderScan {
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
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        var subfolders: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
          visited += 1
          if visited > limits.entries || (visited % 64 == 0 && expired) { return found }
          let full = path.hasSuffix("/") ? path + name : path + "/" + name
          // attributesOfItem uses lstat: a symlink reports itself, never its target.
          guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
            let type = attributes[.type] as? FileAttributeType
          else { continue }
          if type == .typeDirectory {
            if depth < limits.depth { subfolders.append(full) }
          } else if type == .typeRegular,
            Self.imageExtensions.contains((name as NSString).pathExtension.lowercased()),
            let modified = attributes[.modificationDate] as? Date, modified >= since,
            seen.insert(full).inserted
          {
            found.append(Candidate(path: full, modified: modified))
          }
        }
        // Reversed so the stack pops them in name order.
        pending.append(contentsOf: subfolders.reversed().map { ($0, depth + 1) })
      }
    }
    return found
  }
}
