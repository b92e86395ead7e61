import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file steps of the catalog: private folders and atomic writes, as the backups do them.
enum CatalogFiles {
  /// Writes `bytes` atomically (temporary file, fsync, rename; mode 0600 unless `published`,
  /// then 0644 for a web server to serve), creating the folder (mode 0700) when missing.
  static func write(_ bytes: [UInt8], to url: URL, published: Bool = false) throws(CatalogError) {
    do {
      try BackupFiles.ensureFolder(url.deletingLastPathComponent())
      try BackupFiles.writeAtomically(bytes, to: url, mode: published ? 0o644 : 0o600)
    } catch let error as BackupError {
      if case .fileSystem(let path, let reason) = error {
        throw CatalogError(.failure, "cannot write '\(path)': \(reason)")
      }
      throw CatalogError(.failure, "cannot write '\(url.path)': \(error)")
    } catch {
      throw CatalogError(.failure, "cannot write '\(url.path)': \(error)")
    }
  }

  /// Writes text atomically; see ``write(_:to:)``.
  static func write(_ text: String, to url: URL, published: Bool = false) throws(CatalogError) {
    try write(Array(text.utf8), to: url, published: published)
  }

  /// The bytes of a file.
  ///
  /// - Throws: `.unreadable` when it does not exist or cannot be read.
  static func read(_ url: URL) throws(CatalogError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw CatalogError(.unreadable, "cannot read '\(url.path)'")
    }
    return [UInt8](data)
  }

  /// The `.json` files of a folder, sorted by name; empty when the folder does not exist.
  static func jsonFiles(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
      folder.appendingPathComponent($0)
    }
  }
}
