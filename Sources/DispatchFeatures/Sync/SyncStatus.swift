import DispatchCore
import DispatchStorage
import DispatchSupport

/// `dispatch sync status`: this device, every other device in the folder with its segments
/// and how many of them are merged, and the changes waiting for this device's next segment.
public struct SyncStatus: Sendable {
  public struct Other: Sendable, Equatable {
    public let id: String
    public let segments: Int
    public let merged: Int
    /// The latest stamp read from it: when it last changed something.
    public let lastSeen: SyncStamp?
    /// How many of its changes lost to later ones (conflicts resolved, last writer winning).
    public let superseded: Int
  }

  public let device: SyncDevice
  public let others: [Other]
  public let pending: Int
  /// Changes waiting for a record another device has not written yet.
  public let waiting: Int

  public static func read(store: DispatchStore, device: SyncDevice) -> SyncStatus {
    let folder = SyncFolder(path: device.folder)
    let merged = (try? store.sync.mergedSegments()) ?? [:]
    let known = (try? store.sync.mergedDevices()) ?? [:]
    let others = folder.devices().filter { $0 != device.id }.map { id in
      Other(
        id: id, segments: folder.written(by: id), merged: merged[id] ?? 0,
        lastSeen: known[id]?.latest, superseded: known[id]?.superseded ?? 0)
    }
    return SyncStatus(
      device: device, others: others, pending: (try? store.sync.pendingCount()) ?? 0,
      waiting: (try? store.sync.waitingCount()) ?? 0)
  }

  public var lines: [String] {
    var lines = [
      "This device: \(device.id) (\(device.name)), \(device.nextSegment - 1) "
        + (device.nextSegment == 2 ? "segment" : "segments") + " written",
      "Folder: \(device.folder)",
      "Waiting for the next segment: \(pending) \(pending == 1 ? "record" : "records")",
    ]
    if waiting > 0 {
      lines.append(
        "Waiting for a record another device has not written yet: \(waiting) \(waiting == 1 ? "change" : "changes")"
      )
    }
    if others.isEmpty {
      lines.append("No other device has written to the folder yet.")
    }
    for other in others {
      let waiting = other.segments - other.merged
      let seen = other.lastSeen.map {
        ", last change " + Instant(milliseconds: $0.milliseconds).iso8601Seconds
      }
      lines.append(
        "  \(other.id): \(other.merged) of \(other.segments) segments merged"
          + (waiting > 0 ? ", \(waiting) to merge" : "") + (seen ?? "")
          + (other.superseded > 0
            ? ", \(other.superseded) of its changes superseded by later ones" : ""))
    }
    return lines
  }

  public var jsonValue: JSONValue {
    .object([
      ("setUp", .bool(true)), ("device", .string(device.id)), ("name", .string(device.name)),
      ("folder", .string(device.folder)), ("segmentsWritten", .int(Int64(device.nextSegment - 1))),
      ("pending", .int(Int64(pending))), ("waiting", .int(Int64(waiting))),
      (
        "devices",
        .array(
          others.map {
            .object([
              ("device", .string($0.id)), ("segments", .int(Int64($0.segments))),
              ("merged", .int(Int64($0.merged))),
              (
                "lastChange",
                $0.lastSeen.map {
                  .string(
                    Instant(milliseconds: $0.milliseconds).iso8601Seconds)
                } ?? .null
              ),
              ("superseded", .int(Int64($0.superseded))),
            ])
          })
      ),
    ])
  }
}
