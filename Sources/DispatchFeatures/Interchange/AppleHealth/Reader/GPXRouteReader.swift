import DispatchCore
import DispatchStorage
import DispatchSupport

/// The points of a workout route's GPX file (docs/formats/apple-health.md#companion-files): `trkpt`
/// with `lat` and `lon` attributes, and `ele`, `time` (UTC), and `speed`, `course`, `hAcc`, `vAcc`
/// inside `extensions` as text.
struct GPXRouteReader: XMLEventHandler {
  private(set) var points: [HealthRoutePoint] = []
  private var point: HealthRoutePoint?
  /// The child of the point whose text comes next.
  private var field: Field?

  private enum Field { case elevation, time, speed, course, horizontal, vertical }

  /// The points of a whole GPX file held in memory (the demo's own small routes); nil when it
  /// is not one. Files from outside are streamed through ``GPXRouteFeed``.
  static func points(_ bytes: [UInt8]) -> [HealthRoutePoint]? {
    let scanner = XMLByteScanner(root: "<gpx", reportsText: true, capacity: 1 << 16)
    var reader = GPXRouteReader()
    do {
      try bytes.withUnsafeBytes { try scanner.feed($0, into: &reader) }
      try scanner.finish()
    } catch {
      return nil
    }
    return reader.points
  }

  mutating func start(_ tag: borrowing XMLStartTag) throws {
    let name = tag.name
    if name.equals("trkpt") {
      var latitude: Double?
      var longitude: Double?
      for attribute in tag.attributes {
        if tag.name(of: attribute).equals("lat") {
          latitude = ByteNumber.double(tag.rawValue(of: attribute))
        } else if tag.name(of: attribute).equals("lon") {
          longitude = ByteNumber.double(tag.rawValue(of: attribute))
        }
      }
      if let latitude, let longitude {
        point = HealthRoutePoint(latitude: latitude, longitude: longitude)
        if tag.selfClosing { finishPoint() }
      }
      return
    }
    guard point != nil else { return }
    if name.equals("ele") {
      field = .elevation
    } else if name.equals("time") {
      field = .time
    } else if name.equals("speed") {
      field = .speed
    } else if name.equals("course") {
      field = .course
    } else if name.equals("hAcc") {
      field = .horizontal
    } else if name.equals("vAcc") {
      field = .vertical
    } else {
      field = nil
    }
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let field, point != nil else { return }
    var start = 0
    var end = bytes.count
    while start < end, XMLByteScanner.isSpace(bytes[start]) { start += 1 }
    while end > start, XMLByteScanner.isSpace(bytes[end - 1]) { end -= 1 }
    let value = UnsafeBufferPointer(rebasing: bytes[start..<end])
    switch field {
    case .time: point?.time = HealthDateParser.parse(value)?.milliseconds
    case .elevation: point?.elevation = ByteNumber.double(value)
    case .speed: point?.speed = ByteNumber.double(value)
    case .course: point?.course = ByteNumber.double(value)
    case .horizontal: point?.horizontalAccuracy = ByteNumber.double(value)
    case .vertical: point?.verticalAccuracy = ByteNumber.double(value)
    }
  }

  mutating func end(_ name: UnsafeBufferPointer<UInt8>, offset: Int64) throws {
    field = nil
    if name.equals("trkpt") { finishPoint() }
  }

  private mutating func finishPoint() {
    if let point { points.append(point) }
    point = nil
  }

  /// The points read since the last call, handed over so they need not stay in memory.
  mutating func takePoints() -> [HealthRoutePoint] {
    defer { points.removeAll(keepingCapacity: true) }
    return points
  }
}

/// One GPX file's points, streamed: fed in chunks and sent in batches of at most
/// ``batchSize`` points, so a route file of any size (a hostile gigabyte in an export.zip)
/// needs a bounded buffer. A file that turns out not to be GPX stops at the error; the points
/// before it have been sent, each one whole.
struct GPXRouteFeed {
  static let batchSize = 8_192
  private let scanner = XMLByteScanner(root: "<gpx", reportsText: true, capacity: 1 << 16)
  private var reader = GPXRouteReader()
  private let path: String
  private let send: (HealthBatch) -> Bool
  /// Points sent so far: the position of the next batch's first point.
  private var sent = 0

  /// A feed for the route file `path` (as a `FileReference` names it).
  init(path: String, send: @escaping (HealthBatch) -> Bool) {
    self.path = path
    self.send = send
  }

  /// Reads a chunk; false when the consumer stopped.
  mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(HealthScanError) -> Bool {
    try scanner.feed(chunk, into: &reader)
    return reader.points.count < Self.batchSize || flush()
  }

  /// Ends the file and sends the last points (also when there are none, so the route learns
  /// its count); false when it is not GPX or the consumer stopped.
  mutating func finish() -> Bool {
    guard (try? scanner.finish()) != nil else { return false }
    return flush()
  }

  private mutating func flush() -> Bool {
    let points = reader.takePoints()
    var batch = HealthBatch()
    batch.routes = [HealthRouteFile(path: path, points: points, firstPosition: sent)]
    sent += points.count
    return send(batch)
  }
}
