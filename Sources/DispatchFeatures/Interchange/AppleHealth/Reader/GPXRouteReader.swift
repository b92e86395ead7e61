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

  /// The points of a whole GPX file; nil when it is not one.
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
}
