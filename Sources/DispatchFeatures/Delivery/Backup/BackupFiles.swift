import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system steps of a backup: a private folder, an atomic write, a listing, a removal.
enum BackupFiles {
  /// Creates `folder` (and missing parents) with mode 0700 when it does not exist.
  static func ensureFolder(_ folder: URL) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw BackupError.fileSystem(path: folder.path, reason: "it is a file, not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw BackupError.fileSystem(path: folder.path, reason: "cannot create the folder")
    }
  }

  /// Writes `bytes` to `url` so a reader sees either the old file or the whole new one, and
  /// the new one survives a crash: a temporary file in the same folder (mode 0600), `fsync`,
  /// `rename` over the target, then `fsync` of the folder so the rename itself is durable
  /// (docs/import-export.md#automatic-backups: temp file + fsync + rename). `mode` is the new
  /// file's permissions (0600 unless a caller publishes the file, as the catalog index is).
  static func writeAtomically(_ bytes: [UInt8], to url: URL, mode: mode_t = 0o600) throws {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      "." + url.lastPathComponent + "." + UUID().uuidString.prefix(8).lowercased() + ".tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(temporary, "cannot create a temporary file") }
    // The umask may narrow the mode open() applies; fchmod sets it exactly.
    if mode != 0o600 { fchmod(descriptor, mode) }
    var renamed = false
    defer { if !renamed { unlink(temporary.path) } }
    do {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor, path: temporary)
      guard fsync(descriptor) == 0 else { throw failure(temporary, "cannot flush to disk") }
    }
    guard rename(temporary.path, url.path) == 0 else { throw failure(url, "cannot rename") }
    renamed = true
    let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    guard folderDescriptor >= 0 else { throw failure(folder, "cannot open the folder") }
    defer { close(folderDescriptor) }
    guard fsync(folderDescriptor) == 0 else { throw failure(folder, "cannot flush the folder") }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: URL) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { return }
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(path, "cannot write")
        }
        offset += written
      }
    }
  }

  /// The names of the entries in `folder`.
  static func fileNames(in folder: URL) throws -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw BackupError.fileSystem(path: folder.path, reason: "cannot list the folder")
    }
  }

  /// Removes one file; returns the reason on failure instead of throwing, since a failed prune
  /// is logged and skipped (docs/import-export.md#backup-names-and-rotation-rules).
  static func remove(_ name: String, in folder: URL) -> String? {
    let path = folder.appendingPathComponent(name).path
    guard unlink(path) == 0 else { return String(cString: strerror(errno)) }
    return nil
  }

  private static func failure(_ url: URL, _ what: String) -> BackupError {
    .fileSystem(path: url.path, reason: what + " (" + String(cString: strerror(errno)) + ")")
  }
}
