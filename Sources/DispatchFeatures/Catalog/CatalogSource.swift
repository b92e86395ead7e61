import DispatchSupport
import Foundation

/// Fetches the bytes at an http(s) URL. Injected so the catalog never opens a connection by
/// itself and tests never touch the network.
public typealias CatalogFetch = @Sendable (URL) throws -> [UInt8]

/// Where community question sets come from besides the built-in ones: the `catalog-url`
/// setting (docs/catalog.md).
public enum CatalogSource: Sendable, Equatable, CustomStringConvertible {
  /// A folder holding `index.json` (a moderation folder or a synced copy of one).
  case folder(URL)
  /// An index file.
  case file(URL)
  /// An index on a web server, fetched with the injected ``CatalogFetch`` and cached.
  case web(URL)

  /// The file name of an index inside a folder.
  public static let indexFileName = "index.json"

  /// Parses the setting: an absolute path (a folder or a file), a `file://` URL, or an
  /// `http://` / `https://` URL. Whether a path is a folder is decided when it is read.
  ///
  /// - Throws: ``CatalogError`` (`.invalid`) for a relative path or another URL scheme.
  public init(setting text: String) throws(CatalogError) {
    let value = text.trimmingCharacters(in: .whitespaces)
    let lowered = value.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
      guard let url = URL(string: value), url.host?.isEmpty == false else {
        throw CatalogError(.invalid, "'\(value)' is not a valid http(s) URL")
      }
      self = .web(url)
    } else if lowered.hasPrefix("file://") {
      guard let url = URL(string: value), url.isFileURL, url.path.hasPrefix("/") else {
        throw CatalogError(.invalid, "'\(value)' is not a valid file:// URL")
      }
      self = .file(url)
    } else if value.hasPrefix("/") {
      self = .file(URL(fileURLWithPath: value))
    } else if value.contains("://") {
      throw CatalogError(
        .invalid, "'\(value)' uses a scheme the catalog cannot read; use http(s), file or a path")
    } else {
      throw CatalogError(
        .invalid, "'\(value)' is a relative path; give an absolute path, e.g. \"$PWD/\(value)\"")
    }
    if case .file(let url) = self, Self.isFolder(url) { self = .folder(url) }
  }

  /// The index file or URL this source reads.
  public var indexLocation: URL {
    switch self {
    case .folder(let url): return url.appendingPathComponent(Self.indexFileName)
    case .file(let url), .web(let url): return url
    }
  }

  public var description: String {
    switch self {
    case .folder(let url), .file(let url): return url.path
    case .web(let url): return URLRedaction.redacted(url.absoluteString)
    }
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      && isFolder.boolValue
  }
}
