import DispatchCore
import Foundation

/// Photos taken since the last report (docs/sensors.md#the-sensors), from image files under the
/// picture folders (`~/Pictures` unless configured).
///
/// A photo's moment is when it was taken, from EXIF when the file has it, else when the
/// file was last written: photos copied off a camera today but taken last week do not count.
/// Only files written since the window opened are opened at all, since a photo taken since
/// then was necessarily written since then; that keeps a large library cheap to survey.
public struct PhotosSensor: SensorProvider {
  public let name = "photos"
  public let summary = "Photos taken since the previous report, from your picture folders"
  public let reach = SensorReach.local

  /// At most this many photos go in a report: enough for a long trip's worth, without one
  /// report carrying thousands of entries.
  static let maximumPhotos = 200
  /// Bytes read from each file; EXIF, PNG headers and TIFF IFDs lie near the start.
  static let headerBytes = 256 * 1024
  /// The window when there is no previous report: the day before the survey.
  static let firstWindowSeconds: Int64 = 24 * 60 * 60

  let limits: PhotoFolderScan.Limits

  public init() {
    limits = PhotoFolderScan.Limits()
  }

  init(limits: PhotoFolderScan.Limits) {
    self.limits = limits
  }

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    let folders = environment.photoFolders.map(environment.expandingHome).filter { folder in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    guard !folders.isEmpty else { throw Self.noFolder(environment.photoFolders) }
    let start = environment.lastReport ?? environment.now.adding(seconds: -Self.firstWindowSeconds)
    let scan = PhotoFolderScan(limits: limits)
    var counted: [(taken: Instant, file: PhotoFolderScan.Candidate, header: PhotoMetadata?)] = []
    for file in scan.candidates(in: folders, modifiedSince: start.date) {
      if scan.expired { break }
      let header = Self.metadata(of: file.path)
      let taken = header?.instant(in: environment.timeZone) ?? Instant(file.modified)
      guard taken > start, taken <= environment.now else { continue }
      counted.append((taken, file, header))
    }
    counted.sort { ($0.taken, $0.file.path) < ($1.taken, $1.file.path) }
    var context = SensorContext()
    // Made only for the photos kept: each costs a SHA-1 and a URL.
    context.photos = counted.prefix(Self.maximumPhotos).map {
      Self.photo($0.file, header: $0.header, taken: $0.taken)
    }
    return context
  }

  /// Why there is nothing to read: no configured folder exists (or none is configured).
  static func noFolder(_ configured: [String]) -> SensorUnavailable {
    switch configured.count {
    case 0: return SensorUnavailable("no picture folder: none is configured")
    case 1: return SensorUnavailable("no picture folder: \(configured[0]) does not exist")
    default:
      return SensorUnavailable(
        "no picture folder: \(configured.joined(separator: ", ")) do not exist")
    }
  }

  /// What a file's header says, or nil when it cannot be read or has no reader.
  static func metadata(of path: String) -> PhotoMetadata? {
    let kind = (path as NSString).pathExtension.lowercased()
    return header(of: path).flatMap {
      PhotoMetadata.read($0, imageSize: kind == "tif" || kind == "tiff")
    }
  }

  /// The photo in one file, named by its path and modification time so the same file gives
  /// the same ID in every report while an edited copy gets a new one.
  static func photo(
    _ file: PhotoFolderScan.Candidate, header: PhotoMetadata?, taken: Instant
  ) -> Photo {
    let modified = Instant(file.modified).milliseconds
    return Photo(
      id: DeterministicUUID.make(
        namespace: DeterministicUUID.importNamespace, name: "photo:\(file.path):\(modified)"),
      assetURL: URL(fileURLWithPath: file.path).absoluteString, pixelWidth: header?.pixelWidth,
      pixelHeight: header?.pixelHeight, dateTime: taken, latitude: header?.latitude,
      longitude: header?.longitude)
  }

  /// A file's first bytes, or nil when it cannot be opened.
  static func header(of path: String) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: headerBytes)).map { Array($0) }
  }
}
