import Foundation

/// Where an Apple Health export is: its HealthData XML and, beside it, the `workout-routes/`
/// folder (reference/health.md §1). Recognised by content: the XML's name is localized
/// (`eksport.xml`, `导出.xml`), so it is whichever XML starts like a HealthData file.
struct HealthExportSource {
  /// The XML file.
  let xml: URL
  /// The folder `FileReference` paths are relative to (the one holding the XML).
  let folder: URL

  /// How many leading bytes are looked at to recognise the XML.
  static let sniffLength = 1024

  /// Whether `prefix` (a file's first bytes) is the start of a HealthData XML.
  static func isHealthData(_ prefix: [UInt8]) -> Bool {
    let text = String(decoding: prefix.prefix(sniffLength), as: UTF8.self)
    return text.contains("<!DOCTYPE HealthData") || text.contains("<HealthData")
  }

  /// The export at `path`: a HealthData XML file, or a folder holding one (also one level
  /// down, as `apple_health_export/` in the folder a zip was extracted into); nil otherwise.
  static func detect(_ path: String) -> HealthExportSource? {
    let url = URL(fileURLWithPath: path)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
    if !isFolder.boolValue {
      guard isHealthData(prefix(of: url)) else { return nil }
      return HealthExportSource(xml: url, folder: url.deletingLastPathComponent())
    }
    if let xml = healthXML(in: url) { return HealthExportSource(xml: xml, folder: url) }
    let nested = url.appendingPathComponent("apple_health_export")
    if let xml = healthXML(in: nested) { return HealthExportSource(xml: xml, folder: nested) }
    return nil
  }

  private static func healthXML(in folder: URL) -> URL? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return nil
    }
    return names.sorted().lazy
      .filter { $0.lowercased().hasSuffix(".xml") }
      .map { folder.appendingPathComponent($0) }
      .first { isHealthData(prefix(of: $0)) }
  }

  static func prefix(of url: URL) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: url.path) else { return [] }
    defer { try? handle.close() }
    return [UInt8]((try? handle.read(upToCount: sniffLength)) ?? Data())
  }

  /// Reads the XML, then the route files, handing batches to `send` until it returns false.
  func read(path: String, send: @escaping (HealthBatch) -> Bool) throws(ImportError) {
    var stopped = false
    try HealthXMLFeed.readFile(xml, path: path) { batch in
      stopped = !send(batch)
      return !stopped
    }
    guard !stopped else { return }
    let routes = folder.appendingPathComponent("workout-routes")
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: routes.path) else {
      return
    }
    for name in names.sorted() where name.lowercased().hasSuffix(".gpx") {
      guard
        let data = FileManager.default.contents(atPath: routes.appendingPathComponent(name).path),
        let points = GPXRouteReader.points([UInt8](data))
      else { continue }
      var batch = HealthBatch()
      batch.routes = [HealthRouteFile(path: "/workout-routes/" + name, points: points)]
      guard send(batch) else { return }
    }
  }
}
