import DispatchSupport
import Foundation

/// Apple Health exports built to hurt, shared by the library's and the command line's tests.
package enum HostileHealthExport {
  /// Writes an export.zip to `path` whose one workout names a route file of `points` points,
  /// after about `padding` bytes of elements the route reader ignores (so the file is large
  /// while the archive, compressed, stays small).
  package static func zipWithRoute(at path: String, points: Int, padding: Int) throws {
    let writer = try ZipWriter(path: path, compressionLevel: 1)
    let xml = """
      <?xml version="1.0"?>
      <HealthData locale="en_US">
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" \
      sourceName="Watch" startDate="2024-03-10 07:00:00 -0400" endDate="2024-03-10 07:30:00 -0400">
        <WorkoutRoute sourceName="Watch" startDate="2024-03-10 07:00:00 -0400" \
      endDate="2024-03-10 07:30:00 -0400">
         <FileReference path="/workout-routes/route_big.gpx"/>
        </WorkoutRoute>
       </Workout>
      </HealthData>

      """
    try writer.addFile("apple_health_export/export.xml", contents: Array(xml.utf8))
    let point = Array(
      "<trkpt lon=\"-73.98\" lat=\"40.75\"><ele>10</ele><time>2024-03-10T11:00:00Z</time></trkpt>\n"
        .utf8)
    let filler = Array(
      "<desc>nothing a route reader keeps, repeated to make it large</desc>\n".utf8)
    try writer.addFile("apple_health_export/workout-routes/route_big.gpx") { sink in
      try Array("<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk><trkseg>\n".utf8)
        .withUnsafeBytes { try sink($0) }
      let chunk = [UInt8](Array(repeating: filler, count: 16_384).joined())
      for _ in 0..<(padding / chunk.count) { try chunk.withUnsafeBytes { try sink($0) } }
      let points = [UInt8](Array(repeating: point, count: points).joined())
      try points.withUnsafeBytes { try sink($0) }
      try Array("</trkseg></trk></gpx>\n".utf8).withUnsafeBytes { try sink($0) }
    }
    try writer.finish()
  }
}
