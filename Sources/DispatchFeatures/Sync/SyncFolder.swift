import DispatchCore
import DispatchSupport
import Foundation

/// The sync folder on disk (docs/sync.md#the-folder): `devices/<device-id>/` per device, each
/// holding its numbered segments (`00000001.jsonl.gz`), written once and never edited.
public struct SyncFolder: Sendable {
  public let path: String
  /// With a passphrase, segments are sealed with the backup's cipher (scrypt and AES-256-GCM)
  /// after compression, so the folder can live on a drive that should not read it.
  let passphrase: [UInt8]?

  public init(path: String, passphrase: [UInt8]? = nil) {
    self.path = path
    self.passphrase = passphrase
  }

  func deviceFolder(_ device: String) -> String { path + "/devices/" + device }

  static func segmentName(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".jsonl.gz"
  }

  /// The devices that have a folder, this one included.
  func devices() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path + "/devices")) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  /// `device`'s segment numbers, in order; files still being written (temporary names) and
  /// others are not segments.
  func segments(of device: String) -> [Int] {
    numbered(device, prefix: "")
  }

  /// The number of `device`'s latest snapshot (`snapshot-NNNNNNNN.jsonl.gz`), which stands
  /// for its segments up to that number (docs/sync.md#compaction).
  func snapshot(of device: String) -> Int? {
    numbered(device, prefix: Self.snapshotPrefix).last
  }

  /// The highest segment number `device` has written, a snapshot's included.
  func written(by device: String) -> Int {
    max(segments(of: device).last ?? 0, snapshot(of: device) ?? 0)
  }

  static let snapshotPrefix = "snapshot-"

  private func numbered(_ device: String, prefix: String) -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: deviceFolder(device))) ?? []
    return names.compactMap { name -> Int? in
      guard name.hasPrefix(prefix), name.hasSuffix(".jsonl.gz"), name.count == 17 + prefix.count
      else { return nil }
      return Int(name.dropFirst(prefix.count).prefix(8))
    }.sorted()
  }

  /// `devices/<device>/merged.json`: the highest segment `device` has merged of every other
  /// device, which tells a device how far it may compact.
  func merged(by device: String) -> [String: Int] {
    guard let data = FileManager.default.contents(atPath: deviceFolder(device) + "/merged.json"),
      let root = try? JSONParser.parse(Array(data)).root, let object = root.object
    else { return [:] }
    var merged: [String: Int] = [:]
    for member in object.members { merged[member.key] = member.value.int }
    return merged
  }

  func writeMerged(_ merged: [String: Int], device: String) throws {
    let value = JSONValue.object(
      merged.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })
    try writeWhole(
      Array((JSONWriter.string(value, style: .pretty) + "\n").utf8),
      to: deviceFolder(device) + "/merged.json")
  }

  /// Replaces `device`'s segments up to `number` (and an older snapshot) by one snapshot: the
  /// snapshot is written whole first, so a reader always finds one or the other.
  func writeSnapshot(_ lines: [String], device: String, number: Int) throws {
    let older = snapshot(of: device)
    try writeWhole(
      try sealed(lines),
      to: deviceFolder(device) + "/" + Self.snapshotPrefix + Self.segmentName(number))
    for segment in segments(of: device) where segment <= number {
      try? FileManager.default.removeItem(
        atPath: deviceFolder(device) + "/" + Self.segmentName(segment))
    }
    if let older, older < number {
      try? FileManager.default.removeItem(
        atPath: deviceFolder(device) + "/" + Self.snapshotPrefix + Self.segmentName(older))
    }
  }

  /// Writes segment `number` of `device` whole: to a temporary name in the same folder, then
  /// renamed, so a syncing engine or a reader never sees half of it.
  ///
  /// - Throws: ``DispatchError`` `.failure` naming the folder when it cannot be written.
  func write(_ lines: [String], device: String, number: Int) throws {
    try writeWhole(try sealed(lines), to: deviceFolder(device) + "/" + Self.segmentName(number))
  }

  /// Lines compressed, and encrypted when the folder is.
  private func sealed(_ lines: [String]) throws -> [UInt8] {
    let bytes = Gzip.compress(Array((lines.joined(separator: "\n") + "\n").utf8))
    guard let passphrase else { return bytes }
    do {
      return try BackupCrypto.encrypt(bytes, passphrase: passphrase)
    } catch {
      throw DispatchError(.failure, "cannot encrypt a sync segment: \(error)")
    }
  }

  /// Writes `bytes` to `target` whole (a temporary name, then renamed).
  ///
  /// - Throws: ``DispatchError`` `.failure` naming the folder when it cannot be written.
  private func writeWhole(_ bytes: [UInt8], to target: String) throws {
    let folder = (target as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try PrivateFiles.write(bytes, to: target)
    } catch {
      throw DispatchError(
        .failure, "cannot write the sync folder '\(folder)': \(error.localizedDescription)")
    }
  }

  /// `devices/<id>/device.json`: the device's name, the format it writes and when it joined,
  /// for a person looking at the folder (Dispatch reads only the segments).
  func writeDeviceFile(_ device: String, name: String, created: Instant) throws {
    let value = JSONValue.object([
      ("device", .string(device)), ("name", .string(name)),
      ("format", .int(Int64(SyncChange.formatVersion))), ("created", .string(created.iso8601)),
    ])
    try writeWhole(
      Array((JSONWriter.string(value, style: .pretty) + "\n").utf8),
      to: deviceFolder(device) + "/device.json")
  }

  /// The changes of one segment, or why it cannot be read yet.
  func read(device: String, number: Int, snapshot: Bool = false)
    -> Result<[SyncChange], SegmentProblem>
  {
    let file =
      deviceFolder(device) + "/" + (snapshot ? Self.snapshotPrefix : "")
      + Self.segmentName(number)
    guard let data = FileManager.default.contents(atPath: file) else {
      return .failure(SegmentProblem(file: file, reason: "cannot be read"))
    }
    var sealed = Array(data)
    if BackupCrypto.isEncrypted(sealed) {
      guard let passphrase else {
        return .failure(
          SegmentProblem(
            file: file, reason: "encrypted, and this device has no passphrase (--passphrase-file)"))
      }
      do {
        sealed = try BackupCrypto.decrypt(sealed, passphrase: passphrase)
      } catch {
        return .failure(
          SegmentProblem(file: file, reason: "fails to decrypt (a wrong passphrase, or damaged)"))
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try Gzip.decompress(sealed)
    } catch {
      return .failure(SegmentProblem(file: file, reason: error.description))
    }
    // Lines decode on every core: a first segment holds a whole history.
    let lines = bytes.split(separator: UInt8(ascii: "\n"))
    let decoded = RowReading.parallelMap(lines) { line in
      Result { () throws(SyncChangeError) in try SyncChange(line: line) }
    }
    var changes: [SyncChange] = []
    changes.reserveCapacity(decoded.count)
    for (index, result) in decoded.enumerated() {
      switch result {
      case .success(let change): changes.append(change)
      case .failure(let error):
        return .failure(
          SegmentProblem(file: file, reason: "line \(index + 1): \(error.description)"))
      }
    }
    return .success(changes)
  }
}

/// A segment skipped for now: which file, and why.
public struct SegmentProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public let file: String
  public let reason: String

  public var description: String { "\(file): \(reason)" }
}
