import DispatchKit
import Foundation

/// Wakes the daemon for a sync as soon as there is something to sync, instead of at its next
/// look (within the minute): another device's segment lands in the sync folder (a syncing
/// engine renames it into place), or a command on this machine (`dispatch report`, the served
/// survey) changes a synced record. A store that does not sync yet is watched for
/// `dispatch sync setup`, which starts the rest. Watched with inotify on a thread of its own;
/// where inotify is unavailable the daemon syncs at its next look as before.
final class DaemonSyncWake: @unchecked Sendable {
  // @unchecked: everything it holds is used only on its own thread after `init`.
  private let watch = FolderWatch()
  /// The sync folder's parts, once the store syncs.
  private var devices = ""
  /// Where Apple Health exports arrive (docs/sync.md#apple-health-exports).
  private var health = ""
  private var ownDevice = ""
  private var isSyncing = false
  private let storePath: String
  private let wake: @Sendable () -> Void
  /// The records waiting for this device's next segment at the last look, so only a new
  /// change wakes the daemon (a sync that keeps failing does not wake it at every write).
  private var pending = 0

  /// Starts watching when inotify is available; nil otherwise.
  init?(store: DispatchStore, storePath: String, wake: @escaping @Sendable () -> Void) {
    self.storePath = URL(fileURLWithPath: storePath).standardizedFileURL.path
    self.wake = wake
    watch.add((self.storePath as NSString).deletingLastPathComponent)
    if let device = try? store.sync.device() { watchSync(device, store) }
    guard watch.isEventDriven else { return nil }
    let thread = Thread { [self] in run() }
    thread.name = "sync wake"
    thread.start()
  }

  /// Watches the sync folder of `device` from now on.
  private func watchSync(_ device: SyncDevice, _ store: DispatchStore?) {
    isSyncing = true
    devices = device.folder + "/devices"
    ownDevice = device.id
    pending = (try? store?.sync.pendingCount()) ?? 0
    health = device.folder + "/health"
    watch.add(device.folder)
    watch.add(health)
    watch.add(devices)
    for other in (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? [] {
      watch.add(devices + "/" + other)
    }
  }

  private func run() {
    let reader = try? DispatchStore(path: storePath, access: .read)
    while true {
      let (paths, overflowed) = watch.wait(timeout: 3_600)
      var segment = overflowed
      var storeChanged = false
      for path in paths {
        let folder = (path as NSString).deletingLastPathComponent
        if !isSyncing {
          storeChanged = storeChanged || path.hasPrefix(storePath)
        } else if path == health {
          // The folder made after the daemon started: watched from now on.
          watch.add(health)
        } else if folder == health, !(path as NSString).lastPathComponent.hasPrefix(".") {
          segment = true
        } else if folder == devices {
          // A device new to the folder: its segments may already be inside.
          watch.add(path)
          segment = true
        } else if folder.hasPrefix(devices + "/"), path.hasSuffix(".jsonl.gz"),
          folder != devices + "/" + ownDevice
        {
          segment = true
        } else if path.hasPrefix(storePath) {
          storeChanged = true
        }
      }
      if storeChanged, !isSyncing, let device = try? reader?.sync.device() {
        // `dispatch sync setup` ran while the daemon runs: its first sync is due now.
        watchSync(device, reader)
        segment = true
      } else if storeChanged, isSyncing, let count = try? reader?.sync.pendingCount() {
        defer { pending = count }
        if count > pending { segment = true }
      }
      if segment { wake() }
    }
  }
}
