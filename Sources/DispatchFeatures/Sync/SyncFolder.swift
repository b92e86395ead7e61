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
    let names = (try? FileManager.default.contentsOfDirectory(atPath: deviceFolder(device))) ?? []
    return names.compactMap { name -> Int? in
      guard name.hasSuffix(".jsonl.gz"), name.count == 17 else { return nil }
      return Int(name.prefix(8))
    }.sorted()
  }

  /// Writes segment `number` of `device` whole: to a temporary name in the same folder, then
  /// renamed, so a syncing engine or a reader never sees half of it.
  ///
  /// - Throws: ``DispatchError`` `.failure` naming the folder when it cannot be written.
  func write(_ lines: [String], device: String, number: Int) throws {
    let folder = deviceFolder(device)
    let target = folder + "/" + Self.segmentName(number)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      var bytes = Gzip.compress(Array((lines.joined(separator: "\n") + "\n").utf8))
      if let passphrase { bytes = try BackupCrypto.encrypt(bytes, passphrase: passphrase) }
      try PrivateFiles.write(bytes, to: target)
    } catch {
      throw DispatchError(
        .failure, "cannot write the sync folder '\(folder)': \(error.localizedDescription)")
    }
  }

  /// `devices/<id>/device.json`: the device's name, the format it writes and when it joined,
  /// for a person looking at the folder (Dispatch reads only the segments).
  func writeDeviceFile(_ device: String, name: String, created: Instant) throws {
    let folder = deviceFolder(device)
    let value = JSONValue.object([
      ("device", .string(device)), ("name", .string(name)),
      ("format", .int(Int64(SyncChange.formatVersion))), ("created", .string(created.iso8601)),
    ])
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try PrivateFiles.write(
        Array((JSONWriter.string(value, style: .pretty) + "\n").utf8), to: folder + "/device.json")
    } catch {
      throw DispatchError(
        .failure, "cannot write the sync folder '\(path)': \(error.localizedDescription)")
    }
  }

  /// The changes of one segment, or why it cannot be read yet.
  func read(device: String, number: Int) -> Result<[SyncChange], SegmentProblem> {
    let file = deviceFolder(device) + "/" + Self.segmentName(number)
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
    var changes: [SyncChange] = []
    for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
      do {
        changes.append(try SyncChange(line: line))
      } catch {
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
