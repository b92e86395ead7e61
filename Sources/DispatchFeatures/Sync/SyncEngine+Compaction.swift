import DispatchCore
import DispatchStorage
import DispatchSupport

/// Compaction (docs/sync.md#compaction): once every other device of the folder has merged a
/// run of this device's segments (each says so in its `merged.json`), and the run is long
/// enough to be worth it, the segments are replaced by one snapshot holding each record's
/// last change among them (deletions included). Merging is by stamp, so a device that reads
/// the snapshot instead of the segments, now or after months away, ends in the same store.
extension SyncEngine {
  /// Compacts this device's segments when due; the snapshot's number when it did.
  func compact(_ device: String, _ folder: SyncFolder) throws -> Int? {
    let previous = folder.snapshot(of: device) ?? 0
    // Every other device must have merged the segments the snapshot replaces; one that is
    // away holds compaction back rather than rereading a snapshot when it returns.
    let others = folder.devices().filter { $0 != device }
    let merged = others.map { folder.merged(by: $0)[device] ?? 0 }.min()
    let own = folder.segments(of: device)
    let through = min(merged ?? (own.last ?? 0), own.last ?? 0)
    guard own.filter({ $0 <= through }).count >= compactionRun else { return nil }
    var latest: [String: SyncChange] = [:]
    let sources =
      (previous > 0 ? [(previous, true)] : []) + own.filter { $0 <= through }.map { ($0, false) }
    for (number, isSnapshot) in sources {
      switch folder.read(device: device, number: number, snapshot: isSnapshot) {
      case .success(let changes):
        for change in changes {
          let key = change.kind + "\u{1F}" + change.id
          if let kept = latest[key], kept.stamp >= change.stamp { continue }
          latest[key] = change
        }
      case .failure:
        // This device's own file unreadable (damaged on disk): leave everything as it is.
        return nil
      }
    }
    let lines = latest.values.sorted { $0.stamp < $1.stamp }.map(\.line)
    try folder.writeSnapshot(lines, device: device, number: through)
    return through
  }
}
