import DispatchCore
import DispatchFeatures
import DispatchStorage
import DispatchSupport
import Foundation

/// Apple Health exports through the sync folder (docs/sync.md#apple-health-exports): a
/// device that imports an export puts the file itself in `health/`, named by its SHA-256, and
/// every other device imports each file there once. Millions of samples would make millions
/// of journal lines; the export is one file, written once, and importing it is idempotent, so
/// two devices importing the same export end with the same samples.
///
/// An encrypted folder does not carry exports: they would have to be sealed whole in memory
/// (they run to gigabytes), so each device imports its own.
public enum SyncedHealthExports {
  static let importedPrefix = "sync.health."
  static let extensions: Set<String> = ["zip", "xml"]

  /// One export imported from the folder, or refused.
  public struct Imported: Sendable {
    public var file: String
    public var summary: ImportSummary?
    public var problem: String?
  }

  /// Puts the Apple Health exports among `summary`'s files into the sync folder, once each,
  /// when the store syncs to a folder that is not encrypted; returns the files written.
  @discardableResult
  public static func share(_ summary: ImportSummary, store: DispatchStore) throws -> [String] {
    guard let device = try store.sync.device(),
      try store.settings.setting(SyncEngine.passphraseFileSetting) == nil
    else { return [] }
    var written: [String] = []
    for file in summary.files where file.format == .appleHealth {
      let ext = (file.path as NSString).pathExtension.lowercased()
      guard extensions.contains(ext) else { continue }
      let hash = try FileDigest.sha256Hex(path: file.path)
      let target = folder(device) + "/" + hash + "." + ext
      try store.settings.setSetting(importedPrefix + hash, "imported")
      guard !FileManager.default.fileExists(atPath: target) else { continue }
      do {
        try FileManager.default.createDirectory(
          atPath: folder(device), withIntermediateDirectories: true)
        // A temporary name beside it, then renamed: a syncing engine never carries half.
        let temporary = folder(device) + "/." + hash + ".tmp"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.copyItem(atPath: file.path, toPath: temporary)
        try FileManager.default.moveItem(atPath: temporary, toPath: target)
      } catch {
        throw DispatchError(
          .failure, "cannot put the export in '\(folder(device))': \(error.localizedDescription)")
      }
      written.append(target)
    }
    return written
  }

  /// Imports each export in the folder this store has not imported yet. A file that is not
  /// whole yet (its name is not its content's hash) is left for a later run; one that cannot
  /// be imported is reported once.
  public static func importNew(store: DispatchStore) throws -> [Imported] {
    guard let device = try store.sync.device(),
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder(device))
    else { return [] }
    var imported: [Imported] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let hash = (name as NSString).deletingPathExtension
      // Only a file named as this folder names them is read (and hashed, which costs a read
      // of the whole export): another name is never one of ours.
      guard extensions.contains((name as NSString).pathExtension.lowercased()),
        hash.count == 64, hash.allSatisfy(\.isHexDigit), hash == hash.lowercased(),
        try store.settings.setting(importedPrefix + hash) == nil
      else { continue }
      let path = folder(device) + "/" + name
      guard (try? FileDigest.sha256Hex(path: path)) == hash else { continue }
      do {
        let summary = try ImportService(store: store).run(ImportRequest(paths: [path]))
        imported.append(Imported(file: name, summary: summary))
      } catch let error as StoreError {
        // The store's trouble, not the file's: tried again at the next run.
        throw error
      } catch {
        imported.append(Imported(file: name, problem: "\(error)"))
      }
      try store.settings.setSetting(importedPrefix + hash, "imported")
    }
    return imported
  }

  static func folder(_ device: SyncDevice) -> String { device.folder + "/health" }
}
