import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Identifying a file before opening it: the header decides what it can, the ordinary open
/// (which recovers the write-ahead log) the rest, so a committed store is never called corrupt.
struct StoreIdentityTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private static let ours = Int32(StoreSchema.applicationID)

  /// A 100-byte SQLite header with the given application ID and page size.
  private func header(applicationID: UInt32, pageSize: UInt16 = 4096) -> [UInt8] {
    var bytes = Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0, count: 84)
    bytes[16] = UInt8(pageSize >> 8)
    bytes[17] = UInt8(pageSize & 0xFF)
    for index in 0..<4 {
      bytes[68 + index] = UInt8((applicationID >> (8 * UInt32(3 - index))) & 0xFF)
    }
    return bytes
  }

  @Test func `the header alone names Dispatch's files and other programs' files`() {
    let dispatch = header(applicationID: UInt32(StoreSchema.applicationID))
    let judge = { (bytes: [UInt8], size: Int, log: Bool) in
      StoreFileIdentity.judge(header: bytes, fileSize: size, hasLog: log, applicationID: Self.ours)
    }
    #expect(judge(dispatch, 8192, false) == .dispatch)
    #expect(judge(dispatch, 8192, true) == .dispatch)
    #expect(judge(header(applicationID: 1234), 4096, false) == .otherProgram)
    // No ID: one page is a new database; more pages are another program's tables; with a log,
    // the ID and the tables may be waiting in it.
    #expect(judge(header(applicationID: 0), 4096, false) == .empty)
    #expect(judge(header(applicationID: 0), 3 * 4096, false) == .otherProgram)
    #expect(judge(header(applicationID: 0), 4096, true) == .undecided)
    // Page size 1 stands for 65,536 bytes.
    #expect(judge(header(applicationID: 0, pageSize: 1), 65_536, false) == .empty)
    #expect(judge(Array(dispatch.prefix(60)), 60, false) == .notSQLite)
    #expect(judge([UInt8](repeating: 0x41, count: 100), 4096, false) == .notSQLite)
  }

  /// Copies a store whose writer is still open, as a crash would leave it: the main file as
  /// the last checkpoint left it, the newest commits only in the write-ahead log.
  private func crashCopy(of path: String, to copy: String) throws {
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
  }

  @Test(arguments: [DispatchStore.Access.read, .readOnly, .write])
  func `a store whose pages are torn in the main file but whole in its log opens`(
    access: DispatchStore.Access
  ) throws {
    let path = directory.file("live.sqlite")
    let writer = try DispatchStore(path: path, access: .write)
    try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
    try writer.settings.setSetting("probe", "filed before the crash")
    let copy = directory.file("crashed-\(access).sqlite")
    try crashCopy(of: path, to: copy)
    // Everything after the header of the main file is garbage, as a checkpoint cut short by a
    // full disk leaves it; the log holds every page the store's tables need.
    let main = try FileHandle(forUpdating: URL(fileURLWithPath: copy))
    let size = try main.seekToEnd()
    try main.seek(toOffset: 100)
    try main.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 100))
    try main.close()

    let reopened = try DispatchStore(path: copy, access: access)
    #expect(try reopened.settings.setting("probe") == "filed before the crash")
  }

  @Test func `a folder named as the store is refused as unreadable, not as a disk error`() throws {
    let path = directory.file("folder.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let error = #expect(throws: StoreError.self) {
      try DispatchStore(path: path, access: .read)
    }
    #expect(error?.kind == .unreadableStore)
    #expect(error?.message.contains("is a folder") == true)
  }
}
