import DispatchCore
import DispatchSupport

/// One GPS fix of a workout route.
struct SynthRoutePoint {
  var time: Int64
  var latitude: Double
  var longitude: Double
  var altitude: Double
  var speed: Double
  var course: Double
  var horizontalAccuracy: Double
  var verticalAccuracy: Double
}

/// Route points and GPX files (docs/formats/apple-health.md#workouts,
/// docs/formats/apple-health.md#companion-files): one fix every five seconds while moving, a gentle
/// random walk around Central Park.
enum SynthRoute {
  static let interval: Int64 = 5
  static let utcFormat = SynthTimestampFormat(offset: "+0000")

  /// sin(x) from +, × and ÷ only: libm's `sin` may differ in the last bit between platforms,
  /// and the export must be byte-identical everywhere. Accurate to about 10⁻¹¹.
  static func sine(_ x: Double) -> Double {
    var angle = x.truncatingRemainder(dividingBy: 2 * .pi)
    if angle > .pi { angle -= 2 * .pi }
    if angle < -.pi { angle += 2 * .pi }
    // sin(π − a) = sin(a) folds the argument into [−π/2, π/2], where the series converges fast.
    if angle > .pi / 2 { angle = .pi - angle }
    if angle < -.pi / 2 { angle = -.pi - angle }
    let square = angle * angle
    var term = angle
    var sum = angle
    for power in stride(from: 3, through: 15, by: 2) {
      term = -term * square / Double((power - 1) * power)
      sum += term
    }
    return sum
  }

  static func cosine(_ x: Double) -> Double { sine(x + .pi / 2) }

  static func points(_ workout: SynthWorkoutPlan) -> [SynthRoutePoint] {
    var random = SplitMix64(seed: workout.seed ^ synthSalt("route"))
    var latitude = 40.7812 + random.double(-0.01, 0.01)
    var longitude = -73.9665 + random.double(-0.01, 0.01)
    var altitude = random.double(10, 40)
    var heading = random.double(0, 360)
    var points: [SynthRoutePoint] = []
    var time = workout.start + 1
    while time <= workout.end - 1 {
      if workout.isMoving(at: time) {
        let speed = workout.activity.speed * random.double(0.85, 1.15)
        heading = (heading + random.double(-12, 12) + 360).truncatingRemainder(dividingBy: 360)
        let meters = speed * Double(interval)
        let radians = heading * .pi / 180
        latitude += meters * cosine(radians) / 111_320
        longitude += meters * sine(radians) / (111_320 * cosine(latitude * .pi / 180))
        altitude += random.double(-0.4, 0.4)
        points.append(
          SynthRoutePoint(
            time: time, latitude: latitude, longitude: longitude, altitude: altitude, speed: speed,
            course: heading, horizontalAccuracy: random.double(1.5, 6),
            verticalAccuracy: random.double(1, 4)))
      }
      time += interval
    }
    return points
  }

  /// `route_YYYY-MM-DD_h.mmam`-style stem pieces from the export's wall clock, the way Apple
  /// names route files after the workout start as the export shows it.
  static func clock(_ start: Int64, _ format: SynthTimestampFormat) -> (
    date: String, hour: Int, minute: String, meridiem: String
  ) {
    let (days, second) = format.wallClock(start)
    let hour = second / 3600
    let minute = second / 60 % 60
    return (
      SynthTimestampFormat.dateText(days: days), hour % 12 == 0 ? 12 : hour % 12,
      (minute < 10 ? "0" : "") + String(minute), hour < 12 ? "am" : "pm"
    )
  }

  /// `/workout-routes/route_2023-01-03_7.42am.gpx`.
  static func path(_ start: Int64, _ format: SynthTimestampFormat) -> String {
    let clock = clock(start, format)
    return "/workout-routes/route_\(clock.date)_\(clock.hour).\(clock.minute)\(clock.meridiem).gpx"
  }

  /// ISO-8601 UTC with whole seconds, `2023-01-03T12:42:11Z`.
  static func writeUTC(_ utc: Int64, into buffer: SynthByteBuffer) {
    let (days, second) = utc.floorDivided(by: 86_400)
    utcFormat.writeDate(days: Int(days), into: buffer)
    buffer.append(UInt8(ascii: "T"))
    utcFormat.writeClock(Int(second), into: buffer)
    buffer.append(UInt8(ascii: "Z"))
  }

  /// The GPX 1.1 file Apple writes for a route.
  static func gpx(
    _ workout: SynthWorkoutPlan, format: SynthTimestampFormat, exportInstant: Int64
  ) -> [UInt8] {
    let buffer = SynthByteBuffer(capacity: 1 << 16)
    buffer.appendText(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Apple Health "
        + "Export\" xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:xsi=\"http://www.w3.org/"
        + "2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 "
        + "http://www.topografix.com/GPX/1/1/gpx.xsd\">\n  <metadata>\n    <time>")
    writeUTC(exportInstant, into: buffer)
    let clock = clock(workout.start, format)
    buffer.appendText(
      "</time>\n  </metadata>\n  <trk>\n    <name>Route \(clock.date) \(clock.hour):"
        + "\(clock.minute)\(clock.meridiem)</name>\n    <trkseg>\n")
    for point in points(workout) {
      buffer.append("      <trkpt lon=\"")
      buffer.appendRounded(point.longitude, decimals: 6, trimmed: false)
      buffer.append("\" lat=\"")
      buffer.appendRounded(point.latitude, decimals: 6, trimmed: false)
      buffer.append("\"><ele>")
      buffer.appendRounded(point.altitude, decimals: 6, trimmed: false)
      buffer.append("</ele><time>")
      writeUTC(point.time, into: buffer)
      buffer.append("</time><extensions><speed>")
      buffer.appendRounded(point.speed, decimals: 6, trimmed: false)
      buffer.append("</speed><course>")
      buffer.appendRounded(point.course, decimals: 6, trimmed: false)
      buffer.append("</course><hAcc>")
      buffer.appendRounded(point.horizontalAccuracy, decimals: 6, trimmed: false)
      buffer.append("</hAcc><vAcc>")
      buffer.appendRounded(point.verticalAccuracy, decimals: 6, trimmed: false)
      buffer.append("</vAcc></extensions></trkpt>\n")
    }
    buffer.append("    </trkseg>\n  </trk>\n</gpx>\n")
    return Array(buffer.bytes)
  }
}
