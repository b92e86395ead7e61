import DispatchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system steps of a backup: a private folder, an atomic write, a listing, a removal.
enum BackupFiles {
  /// Creates `folder` (and missing parents) with mode 0700 when it does not exist
  /// (``PrivateFiles/createFolder(_:)``).
  static func ensureFolder(_ folder: URL) throws {
    do {
      try PrivateFiles.createFolder(folder.path)
    } catch {
      switch error.kind {
      case .notAFolder:
        throw BackupError.fileSystem(path: error.path, reason: "it is a file, not a folder")
      case .cannotCreate, .cannotWrite:
        throw BackupError.fileSystem(path: error.path, reason: "cannot create the folder")
      }
    }
  }

  /// Writes `bytes` to `url` so a reader sees either the old file or the whole new one, and
  /// the new one survives a crash (``PrivateFiles/write(_:to:mode:syncingFolder:)``: a
  /// temporary file in the same folder, fsync, rename, fsync of the folder;
  /// docs/import-export.md#automatic-backups). `mode` is the new file's permissions (0600
  /// unless a caller publishes the file, as the catalog index is), whatever the umask.
  static func writeAtomically(_ bytes: [UInt8], to url: URL, mode: mode_t = 0o600) throws {
    do {
      try PrivateFiles.write(bytes, to: url.path, mode: mode)
    } catch {
      let what = error.kind == .cannotCreate ? "cannot create a temporary file" : "cannot write"
      throw BackupError.fileSystem(
        path: error.path, reason: what + (error.reason.isEmpty ? "" : " (\(error.reason))"))
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

  /// Hidden temporaries of backups that were never renamed into place (a `backup now` killed
  /// mid-write leaves `.<backup name>.<hex>.tmp`), last changed more than `minimumAge` seconds
  /// ago, so a backup being written right now by another process is left alone.
  static func abandonedTemporaries(
    among names: [String], in folder: URL, timeZone: TimeZone, minimumAge: Double = 600
  ) -> [String] {
    names.filter { name in
      guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
      // `.` + the backup's name + `.` + random hex + `.tmp`.
      let parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count >= 3,
        BackupName(fileName: parts.dropLast(2).joined(separator: "."), timeZone: timeZone) != nil
      else { return false }
      let path = folder.appendingPathComponent(name).path
      guard
        let changed = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
          as? Date
      else { return false }
      return Date().timeIntervalSince(changed) > minimumAge
    }
  }

  /// Removes one file; returns the reason on failure instead of throwing, since a failed prune
  /// is logged and skipped (docs/import-export.md#backup-names-and-rotation-rules).
  static func remove(_ name: String, in folder: URL) -> String? {
    let path = folder.appendingPathComponent(name).path
    guard unlink(path) == 0 else { return String(cString: strerror(errno)) }
    return nil
  }
}
