import DispatchStorage
import DispatchSupport
import Foundation

/// Where an Apple Health export is: its HealthData XML and, beside it, the `workout-routes/`
/// folder (docs/formats/apple-health.md#the-archive). Recognised by content: the XML's name is
/// localized (`eksport.xml`, `导出.xml`), so it is whichever XML starts like a HealthData file.
struct HealthExportSource {
  /// Where the bytes are.
  enum Location {
    /// An XML file and the folder `FileReference` paths are relative to (the one holding it).
    case file(xml: URL, folder: URL)
    /// An `export.zip`, its XML entry, and the folder inside the zip that holds it (with a
    /// trailing slash, or empty).
    case zip(ZipArchive, xml: ZipEntry, folder: String)
  }

  let location: Location

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
      let head = prefix(of: url)
      if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
      {
        return zip(path)
      }
      guard isHealthData(head) else { return nil }
      return HealthExportSource(
        location: .file(xml: url, folder: url.deletingLastPathComponent()))
    }
    if let xml = healthXML(in: url) {
      return HealthExportSource(location: .file(xml: xml, folder: url))
    }
    let nested = url.appendingPathComponent("apple_health_export")
    if let xml = healthXML(in: nested) {
      return HealthExportSource(location: .file(xml: xml, folder: nested))
    }
    return nil
  }

  /// The HealthData XML inside a zip: the shallowest `.xml` entry that starts like one
  /// (`export_cda.xml` lies beside it and does not).
  private static func zip(_ path: String) -> HealthExportSource? {
    guard let archive = try? ZipArchive(path: path) else { return nil }
    let candidates = archive.entries
      .filter { !$0.isDirectory && $0.path.lowercased().hasSuffix(".xml") }
      .sorted {
        ($0.path.split(separator: "/").count, $0.path) < (
          $1.path.split(separator: "/").count, $1.path
        )
      }
    for entry in candidates {
      guard let head = try? archive.prefix(entry, count: sniffLength), isHealthData(head) else {
        continue
      }
      let folder = entry.path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
      return HealthExportSource(location: .zip(archive, xml: entry, folder: folder))
    }
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
    let forward: (HealthBatch) -> Bool = { batch in
      stopped = !send(batch)
      return !stopped
    }
    switch location {
    case .file(let xml, let folder):
      try HealthXMLFeed.readFile(xml, path: path, send: forward)
      guard !stopped else { return }
      let routes = folder.appendingPathComponent("workout-routes")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: routes.path)) ?? []
      for name in names.sorted() where name.lowercased().hasSuffix(".gpx") {
        let file = routes.appendingPathComponent(name)
        var feed = GPXRouteFeed(path: "/workout-routes/" + name, send: forward)
        guard let handle = FileHandle(forReadingAtPath: file.path) else { continue }
        defer { try? handle.close() }
        var fed = true
        while fed, let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
          fed = (try? chunk.withUnsafeBytes { try feed.feed($0) }) ?? false
        }
        if fed { _ = feed.finish() }
        if stopped { return }
      }
    case .zip(let archive, let xml, let folder):
      try HealthXMLFeed.readZipEntry(archive, xml, path: path, send: forward)
      guard !stopped else { return }
      let prefix = folder + "workout-routes/"
      for entry in archive.entries
      where entry.path.hasPrefix(prefix) && entry.path.lowercased().hasSuffix(".gpx") {
        let name = String(entry.path.dropFirst(folder.count))
        var feed = GPXRouteFeed(path: "/" + name, send: forward)
        var fed = true
        // Inflated a chunk at a time: a route entry is never held whole.
        try? archive.read(entry) { chunk in
          fed = try feed.feed(chunk)
          return fed
        }
        if fed { _ = feed.finish() }
        if stopped { return }
      }
    }
  }

}
