import DispatchSupport
import Foundation
import Testing

/// `FolderWatch`: a file renamed into one of several watched folders is seen at once, with its
/// path; a folder added later is watched too; nothing is seen while nothing happens.
struct FolderWatchTests {
  @Test(.enabled(if: FolderWatch().isEventDrivenWhenWatching, "needs inotify"))
  func `files renamed into watched folders are seen with their paths`() throws {
    let root = try TemporaryDirectory()
    let first = root.file("first")
    let later = root.file("later")
    for folder in [first, later] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let watch = FolderWatch()
    watch.add(first)
    #expect(watch.isEventDriven)
    #expect(watch.wait(timeout: 0.1).paths.isEmpty)
    try Data("x".utf8).write(to: URL(fileURLWithPath: first + "/.tmp"))
    try FileManager.default.moveItem(atPath: first + "/.tmp", toPath: first + "/00000001.jsonl.gz")
    let seen = watch.wait(timeout: 5).paths
    #expect(seen.contains(first + "/00000001.jsonl.gz"), "\(seen)")
    watch.add(later)
    try Data("y".utf8).write(to: URL(fileURLWithPath: later + "/device.json"))
    #expect(watch.wait(timeout: 5).paths.contains(later + "/device.json"))
  }
}

extension FolderWatch {
  /// Whether this machine gives inotify: a watch on the temporary folder is event driven.
  fileprivate var isEventDrivenWhenWatching: Bool {
    add(NSTemporaryDirectory())
    return isEventDriven
  }
}
