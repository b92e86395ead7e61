#if canImport(Glibc)
  import Glibc

  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin

  private let systemWrite = Darwin.write
#endif

/// Files and folders that hold personal data: every one Dispatch writes (exports, pages,
/// charts, backups, caches, secrets) is created through here, so it is private from the moment
/// it exists whatever the umask: files 0600, folders 0700 (docs/store.md#file-permissions).
///
/// `open(2)` and `mkdir(2)` only ever narrow the mode they are given by the umask, so a mode of
/// 0600 or 0700 at creation is exact; a wider mode (`published` files) is set with `fchmod`,
/// which the umask does not touch.
public enum PrivateFiles {
  /// The mode of a file that holds personal data.
  public static let fileMode: mode_t = 0o600
  /// The mode of a folder created to hold such files.
  public static let folderMode: mode_t = 0o700

  /// Creates the folder `path` and its missing parents, each new one 0700. An existing folder
  /// is left as it is: it is the person's own (`~/Notes`), and its mode their choice.
  ///
  /// - Throws: ``PrivateFileError`` when `path` is a file or a folder cannot be created.
  public static func createFolder(_ path: String) throws(PrivateFileError) {
    var components: [String] = []
    var current = path
    while !current.isEmpty && current != "/" && !isFolder(current) {
      if exists(current) { throw PrivateFileError(.notAFolder, path: current) }
      components.append(current)
      let parent = parentFolder(of: current)
      if parent == current { break }
      current = parent
    }
    for folder in components.reversed() {
      if mkdir(folder, folderMode) != 0 && !(errno == EEXIST && isFolder(folder)) {
        throw PrivateFileError(.cannotCreate, path: folder, errno: errno)
      }
    }
  }

  /// Writes `bytes` to `path`; see ``write(to:mode:syncingFolder:_:)``.
  public static func write(
    _ bytes: [UInt8], to path: String, mode: mode_t = fileMode, syncingFolder: Bool = true
  ) throws(PrivateFileError) {
    do {
      try write(to: path, mode: mode, syncingFolder: syncingFolder) { emit in emit(bytes) }
    } catch let error as PrivateFileError {
      throw error
    } catch {
      preconditionFailure("only the file steps throw here")
    }
  }

  /// Writes what `produce` emits to `path` so a reader sees either the old file or the whole
  /// new one, and the new one survives a crash: a temporary file in the same folder (created
  /// 0600), `fsync`, `rename` over the target, then, with `syncingFolder`, `fsync` of the folder
  /// so the rename itself is durable. `mode` is the new file's permissions: 0600 unless a
  /// caller publishes the file (a catalog index a web server serves).
  ///
  /// Nothing appears at `path` unless everything succeeds. An error thrown by `produce` is
  /// rethrown as it is; a failed write (a full disk) is a ``PrivateFileError`` once `produce`
  /// returns, and what it emits after the failure is dropped.
  public static func write(
    to path: String, mode: mode_t = fileMode, syncingFolder: Bool = true,
    _ produce: (_ emit: ([UInt8]) -> Void) throws -> Void
  ) throws {
    let folder = parentFolder(of: path)
    let temporary =
      (folder == "/" ? "" : folder) + "/." + baseName(of: path) + "."
      + String(UInt32.random(in: 0...UInt32.max), radix: 16) + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
    guard descriptor >= 0 else {
      throw PrivateFileError(.cannotCreate, path: path, errno: errno)
    }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do {
      defer { close(descriptor) }
      if mode != fileMode && fchmod(descriptor, mode) != 0 {
        throw PrivateFileError(.cannotWrite, path: path, errno: errno)
      }
      var buffer: [UInt8] = []
      buffer.reserveCapacity(1 << 16)
      var failure: Int32 = 0
      try produce { bytes in
        guard failure == 0 else { return }
        buffer += bytes
        if buffer.count >= 1 << 16 {
          failure = writeAll(buffer, to: descriptor)
          buffer.removeAll(keepingCapacity: true)
        }
      }
      if failure == 0 { failure = writeAll(buffer, to: descriptor) }
      if failure == 0 && fsync(descriptor) != 0 { failure = errno }
      if failure != 0 { throw PrivateFileError(.cannotWrite, path: path, errno: failure) }
    }
    guard rename(temporary, path) == 0 else {
      throw PrivateFileError(.cannotWrite, path: path, errno: errno)
    }
    renamed = true
    if syncingFolder { try syncFolder(folder) }
  }

  /// Flushes a folder's entries (a rename into it) to disk.
  public static func syncFolder(_ folder: String) throws(PrivateFileError) {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw PrivateFileError(.cannotWrite, path: folder, errno: errno) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw PrivateFileError(.cannotWrite, path: folder, errno: errno)
    }
  }

  /// Writes every byte; the `errno` of a failure, or 0.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    return failure
  }

  /// The folder holding `path` (`.` for a bare name).
  static func parentFolder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  private static func baseName(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) }
      ?? String(trimmed)
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  private static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}

/// Why a private file or folder could not be written.
public struct PrivateFileError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The step that failed.
  public enum Kind: Sendable, Equatable {
    /// The file or folder cannot be created (a missing or read-only folder).
    case cannotCreate
    /// Writing, flushing or renaming failed (a full disk).
    case cannotWrite
    /// A path that must be a folder is a file.
    case notAFolder
  }

  public let kind: Kind
  /// The path named in the message.
  public let path: String
  /// The system's reason (`strerror`), empty when there is none.
  public let reason: String

  public init(_ kind: Kind, path: String, errno code: Int32 = 0) {
    self.kind = kind
    self.path = path
    reason = code == 0 ? "" : String(cString: strerror(code))
  }

  /// `cannot write 'PATH': REASON`, one line.
  public var description: String {
    switch kind {
    case .notAFolder: return "cannot create the folder '\(path)': it is a file"
    case .cannotCreate, .cannotWrite:
      return "cannot write '\(path)'" + (reason.isEmpty ? "" : ": " + reason)
    }
  }
}

extension PrivateFileError: CategorizedError {
  public var category: FailureCategory { kind == .cannotWrite ? .failure : .noInput }
  public var failureMessage: String { description }
}
