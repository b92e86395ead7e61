import DispatchKit
import Foundation
import Testing

/// Catalog sources: a folder, a file, a web URL through an injected fetch with a cache.
struct CatalogSourceTests {
  let folder: TemporaryDirectory
  let loader: CatalogLoader

  init() throws {
    folder = try TemporaryDirectory()
    loader = CatalogLoader(fetch: nil, cacheFolder: URL(fileURLWithPath: folder.file("cache")))
  }

  static let indexText =
    #"{"formatVersion":1,"version":7,"generatedAt":"2026-07-01T00:00:00Z","sets":["#
    + #"{"id":"mood","title":"Shared mood","summary":"S","questions":[{"prompt":"Okay?","type":"yesNo"}]},"#
    + #"{"id":"extra","title":"Extra","summary":"S","tags":["research"],"questions":[{"prompt":"New?","type":"note"}]}]}"#

  func write(_ text: String, to name: String) throws -> String {
    let path = folder.file(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func `the setting takes absolute paths, file and http URLs`() throws {
    let path = try write(Self.indexText, to: "site/index.json")
    #expect(
      try CatalogSource(setting: folder.file("site"))
        == .folder(URL(fileURLWithPath: folder.file("site"))))
    #expect(try CatalogSource(setting: path) == .file(URL(fileURLWithPath: path)))
    #expect(try CatalogSource(setting: "file://" + path) == .file(URL(string: "file://" + path)!))
    #expect(
      try CatalogSource(setting: "https://example.org/c/index.json").indexLocation.host
        == "example.org")
    let relative = #expect(throws: CatalogError.self) { try CatalogSource(setting: "site") }
    #expect(
      relative?.message == #"'site' is a relative path; give an absolute path, e.g. "$PWD/site""#)
    let ftp = #expect(throws: CatalogError.self) {
      try CatalogSource(setting: "ftp://x/index.json")
    }
    #expect(ftp?.message.contains("uses a scheme the catalog cannot read") == true)
  }

  @Test func `a folder's index.json and a file both read`() throws {
    let path = try write(Self.indexText, to: "site/index.json")
    let fromFolder = try loader.load(try CatalogSource(setting: folder.file("site")))
    let fromFile = try loader.load(try CatalogSource(setting: path))
    #expect(fromFolder == fromFile && fromFolder.origin == .live && fromFolder.index.version == 7)
  }

  @Test func `a missing index is unreadable and names the file`() {
    let error = #expect(throws: CatalogError.self) {
      try loader.load(.folder(URL(fileURLWithPath: folder.file("nowhere"))))
    }
    #expect(error?.kind == .unreadable)
    #expect(error?.message.contains("'\(folder.file("nowhere"))/index.json'") == true)
  }

  @Test func `a web index is fetched, cached, and read from the cache when the fetch fails`() throws
  {
    let url = URL(string: "https://example.org/index.json")!
    let online = CatalogLoader(
      fetch: { _ in Array(Self.indexText.utf8) }, cacheFolder: loader.cacheFolder)
    #expect(try online.load(.web(url)).origin == .live)
    let cached = try TemporaryDirectory.permissions(of: online.cacheFile(for: url).path)
    #expect(cached == 0o600)
    struct Offline: Error {}
    let offline = CatalogLoader(fetch: { _ in throw Offline() }, cacheFolder: loader.cacheFolder)
    let loaded = try offline.load(.web(url))
    #expect(loaded.index.version == 7)
    guard case .cache(let reason) = loaded.origin else {
      Issue.record("expected the cached copy")
      return
    }
    #expect(reason.hasPrefix("cannot fetch 'https://example.org/index.json'"))
  }

  @Test func `without a fetch or a cache a web source fails naming the workaround`() {
    let error = #expect(throws: CatalogError.self) {
      try loader.load(.web(URL(string: "https://example.org/index.json")!))
    }
    #expect(error?.kind == .failure)
    #expect(error?.message.contains("set catalog-url to the file's path") == true)
  }

  @Test func `an invalid fetched index is refused and not cached`() throws {
    let url = URL(string: "https://example.org/index.json")!
    let broken = CatalogLoader(
      fetch: { _ in Array("{\"formatVersion\":1".utf8) }, cacheFolder: loader.cacheFolder)
    let error = #expect(throws: CatalogError.self) { try broken.load(.web(url)) }
    #expect(error?.message.hasPrefix("https://example.org/index.json: not a catalog index") == true)
    #expect(!FileManager.default.fileExists(atPath: broken.cacheFile(for: url).path))
  }

  @Test
  func `the library lists built-in sets then the source's, a source set replacing its namesake`()
    throws
  {
    let path = try write(Self.indexText, to: "index.json")
    let library = try CatalogLibrary.load(source: try CatalogSource(setting: path), loader: loader)
    #expect(
      library.entries.map(\.set.id) == [
        "mood", "work", "sleep", "social", "ema-affect-context", "extra",
      ])
    #expect(
      library.entries.first?.set.title == "Shared mood" && library.entries.first?.origin == path)
    #expect(library.entries(tagged: "RESEARCH").map(\.set.id) == ["ema-affect-context", "extra"])
    let unknown = #expect(throws: CatalogError.self) { try library.entry(id: "slep") }
    #expect(unknown?.message == "no catalog set 'slep'; did you mean 'sleep'?")
    #expect(unknown?.kind == .unknownReference)
  }
}
