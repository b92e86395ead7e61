import Foundation

/// What a file on disk is, judged from its first 100 bytes and its write-ahead log alone,
/// before any connection touches it.
///
/// Why not a read of the schema: a connection that does not recover the write-ahead log (the
/// `immutable` open) reads the main file as the last checkpoint left it, which after a crash,
/// a full disk or during another process's checkpoint holds pages of two different moments,
/// and SQLite then calls a healthy store "malformed". The header's fields are written by every
/// checkpoint of page 1 and never depend on other pages, so reading them cannot fail that way.
/// Whatever the header cannot settle is settled by the ordinary open, which recovers the log.
/// Layout: docs/store.md#identifying-a-file.
enum StoreFileIdentity: Equatable {
  /// A zero-length file, or a SQLite file with no table yet and nothing in a log.
  case empty
  /// The header carries Dispatch's application ID.
  case dispatch
  /// A SQLite file whose tables or application ID may still be only in its log, or whose
  /// log holds commits not yet checkpointed: only a connection that reads the log can tell.
  case undecided
  /// Not a SQLite file at all.
  case notSQLite
  /// A SQLite file of another program (another application ID, or tables and no ID).
  case otherProgram

  /// The header fields this judgement reads
  /// (https://sqlite.org/fileformat2.html#the_database_header).
  private static let magic = Array("SQLite format 3\u{0}".utf8)
  private static let headerSize = 100
  private static let pageSizeOffset = 16
  private static let applicationIDOffset = 68

  /// Judges the file at `path` (which exists). Plain `stat` and `pread`: every command that
  /// opens the store comes here first, and Foundation's attribute dictionaries cost a status
  /// line several per cent of its run.
  static func of(path: String, applicationID: Int32) -> StoreFileIdentity {
    let size = fileSize(path) ?? 0
    let hasLog = (fileSize(path + "-wal") ?? 0) > 0
    guard size > 0 else { return hasLog ? .undecided : .empty }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .undecided }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: headerSize)
    let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, headerSize, 0) }
    header.removeLast(headerSize - max(0, read))
    return judge(header: header, fileSize: size, hasLog: hasLog, applicationID: applicationID)
  }

  /// The size of the file at `path`, nil when there is none.
  private static func fileSize(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
  }

  /// The judgement on a header already read: separate so tests can feed any bytes.
  static func judge(header: [UInt8], fileSize: Int, hasLog: Bool, applicationID: Int32)
    -> StoreFileIdentity
  {
    guard header.count == headerSize, Array(header.prefix(magic.count)) == magic else {
      return .notSQLite
    }
    let id = bigEndian(header, at: applicationIDOffset, width: 4)
    if id == UInt32(bitPattern: applicationID) { return .dispatch }
    if id != 0 { return .otherProgram }
    // No application ID in the main file. Dispatch's first commit sets it together with the
    // first tables, so a log can hold both: only the ordinary open can say.
    if hasLog { return .undecided }
    // 1 stands for 65,536 (the value does not fit in two bytes).
    let rawPageSize = bigEndian(header, at: pageSizeOffset, width: 2)
    let pageSize = rawPageSize == 1 ? 65_536 : Int(rawPageSize)
    guard pageSize >= 512 else { return .notSQLite }
    // Every table has a root page of its own after page 1 (the schema): a one-page file has
    // none, so it is a new database; more pages and no ID is another program's file.
    return fileSize <= pageSize ? .empty : .otherProgram
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt32 {
    bytes[offset..<(offset + width)].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
