import Foundation
import Testing

@testable import DispatchSupport

/// The folder watch `status --watch` sleeps on: it wakes for the named files being written,
/// created or renamed into place, and not for others in the folder.
@Suite("file change watch")
struct FileChangeWatchTests {
  private func write(_ text: String, to path: String, appending: Bool = false) throws {
    if appending, let handle = FileHandle(forWritingAtPath: path) {
      handle.seekToEndOfFile()
      handle.write(Data(text.utf8))
      try handle.close()
    } else {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
  }

  /// Runs `change` a little after the watch starts waiting, on another thread.
  private func later(_ change: @escaping @Sendable () throws -> Void) {
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.2)
      try? change()
    }
  }

  @Test func `a write to a watched file wakes it, at once`() throws {
    let folder = try TemporaryDirectory()
    let store = folder.file("s.sqlite")
    try write("a", to: store)
    let watch = FileChangeWatch(paths: [store, store + "-wal"])
    #if os(Linux)
      #expect(watch.isEventDriven)
    #endif
    let wal = store + "-wal"
    later { try Data("page".utf8).write(to: URL(fileURLWithPath: wal)) }
    let start = Date()
    #expect(watch.wait(timeout: 20))
    #expect(Date().timeIntervalSince(start) < 5)
    // The change was taken: nothing more happens, so the next wait times out.
    #expect(!watch.wait(timeout: 0.3))
  }

  @Test func `other files in the folder and the timeout do not count as changes`() throws {
    let folder = try TemporaryDirectory()
    let store = folder.file("s.sqlite")
    try write("a", to: store)
    let watch = FileChangeWatch(paths: [store])
    let other = folder.file("notes.txt")
    later { try Data("x".utf8).write(to: URL(fileURLWithPath: other)) }
    let start = Date()
    #expect(!watch.wait(timeout: 0.6))
    #expect(Date().timeIntervalSince(start) >= 0.55)
  }

  @Test func `a file renamed into place is a change`() throws {
    let folder = try TemporaryDirectory()
    let store = folder.file("s.sqlite")
    try write("old", to: store)
    try write("new", to: folder.file("restored.tmp"))
    let watch = FileChangeWatch(paths: [store])
    let from = folder.file("restored.tmp")
    later { _ = rename(from, store) }
    #expect(watch.wait(timeout: 20))
  }
}
