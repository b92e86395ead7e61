import DispatchCore
import DispatchFeatures
import DispatchStorage
import Foundation

/// The folder another device drops Apple Health exports into (`settings set health-folder`,
/// docs/daemon.md#health-exports-from-your-phone): a phone automation that saves export.zip
/// into a Syncthing or Nextcloud folder, say.
///
/// At each look the daemon imports every export there that is new or has changed since it was
/// last read — once it has stopped changing for ``settleSeconds``, so a file still arriving is
/// left for a later look — and fires the workout-end groups for the workouts that just ended.
/// Each version of a file (its size and modification time) is read once, whether it imported
/// or was refused, so a file that is not an export is reported once rather than every minute;
/// a failure of the store itself (busy, disk full) is tried again at the next look.
public enum HealthFolderWatch {
  static let seenPrefix = "daemon.healthFolder."
  /// How long a file must have stayed unchanged before it is read.
  public static let settleSeconds: TimeInterval = 10
  /// The names an export arrives under: export.zip, its export.xml, or a JSON export.
  static let extensions: Set<String> = ["zip", "xml", "json"]

  /// One file imported, and what it brought.
  public struct Imported: Sendable {
    public var file: String
    public var summary: ImportSummary
  }

  /// What one look found and did.
  public struct Look: Sendable {
    public var imported: [Imported] = []
    /// Files that could not be imported, each with the reason.
    public var failures: [(file: String, reason: String)] = []
    /// The workout-end prompts the new workouts fired or planned.
    public var outcome = EventTrigger.Outcome()
    /// Why the folder could not be read at all (it is missing, say); nil when it was.
    public var problem: String?
  }

  /// Looks once at `folder`. `fileClock` is the real time the files' modification times are
  /// compared with (the store's clock may be pinned).
  public static func look(
    folder: String, store: DispatchStore, deliverer: any PromptDeliverer,
    environment: RunEnvironment, fileClock: Date = Date()
  ) throws -> Look {
    var look = Look()
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else {
      look.problem = "the health folder \(folder) cannot be read (is it missing?)"
      return look
    }
    var workoutEnds: [Instant] = []
    for name in names.sorted() where isCandidate(name) {
      let path = folder + "/" + name
      guard let attributes = try? manager.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let modified = attributes[.modificationDate] as? Date,
        let size = attributes[.size] as? NSNumber,
        fileClock.timeIntervalSince(modified) >= settleSeconds
      else { continue }
      let version = "\(size.int64Value)|\(Int64(modified.timeIntervalSince1970 * 1000))"
      guard try store.settings.setting(seenPrefix + name) != version else { continue }
      do {
        let summary = try ImportService(store: store).run(ImportRequest(paths: [path]))
        look.imported.append(Imported(file: name, summary: summary))
        workoutEnds += summary.newWorkoutEnds
      } catch let error as StoreError {
        // The store's trouble (busy, disk full), not the file's: read it again next look.
        look.failures.append((name, "\(error)"))
        continue
      } catch {
        look.failures.append((name, "\(error)"))
      }
      try store.settings.setSetting(seenPrefix + name, version)
    }
    if !workoutEnds.isEmpty {
      look.outcome = try EventTrigger.fireWorkoutEnds(
        workoutEnds, in: store, deliverer: deliverer, environment: environment)
    }
    return look
  }

  /// Whether a file name can be an export: not hidden (a sync engine's temporary file) and
  /// ending in .zip, .xml or .json.
  static func isCandidate(_ name: String) -> Bool {
    guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
    return extensions.contains(name[name.index(after: dot)...].lowercased())
  }
}
