import DispatchSupport
import Foundation

/// A catalog index and where it came from.
public struct LoadedCatalog: Sendable, Equatable {
  public enum Origin: Sendable, Equatable {
    /// Read from the source just now.
    case live
    /// The source could not be reached; this is the copy cached at the last fetch.
    case cache(reason: String)
  }

  public var index: CatalogIndex
  public var origin: Origin
}

/// Reads a ``CatalogSource``: files directly, web indexes through the injected fetch, keeping
/// the last good web index in a cache folder so the catalog still works offline.
public struct CatalogLoader: Sendable {
  /// Fetches http(s) URLs; nil when this build has no HTTP client.
  public var fetch: CatalogFetch?
  /// Where fetched indexes are cached, one file per source URL.
  public var cacheFolder: URL

  public init(fetch: CatalogFetch?, cacheFolder: URL) {
    self.fetch = fetch
    self.cacheFolder = cacheFolder
  }

  /// Reads and validates the source's index.
  ///
  /// - Throws: ``CatalogError``: `.unreadable` for a missing file or an unreachable URL with
  ///   no cached copy, `.invalid` for an index that breaks the format, `.failure` for a web
  ///   source when there is no fetch function and no cache.
  public func load(_ source: CatalogSource) throws(CatalogError) -> LoadedCatalog {
    guard case .web(let url) = source else {
      let path = source.indexLocation.path
      guard let data = FileManager.default.contents(atPath: path) else {
        throw CatalogError(
          .unreadable,
          "cannot read the catalog index '\(path)'; check 'dispatch settings get catalog-url'")
      }
      return LoadedCatalog(index: try CatalogIndex.parse([UInt8](data), file: path), origin: .live)
    }
    let cacheURL = cacheFile(for: url)
    let shown = URLRedaction.redacted(url.absoluteString)
    let bytes: [UInt8]
    do {
      guard let fetch else {
        throw CatalogError(
          .failure,
          "this build cannot fetch http(s) catalogs; download \(shown) and set "
            + "catalog-url to the file's path")
      }
      bytes = try fetch(url)
    } catch {
      let reason =
        (error as? CatalogError)?.message ?? "cannot fetch '\(shown)': \(error)"
      guard let cached = FileManager.default.contents(atPath: cacheURL.path) else {
        throw (error as? CatalogError) ?? CatalogError(.unreadable, reason)
      }
      let index = try CatalogIndex.parse([UInt8](cached), file: cacheURL.path)
      return LoadedCatalog(index: index, origin: .cache(reason: reason))
    }
    let index = try CatalogIndex.parse(bytes, file: shown)
    try CatalogFiles.write(bytes, to: cacheURL)
    return LoadedCatalog(index: index, origin: .live)
  }

  /// The cache file of a web source: the first 16 hex digits of the URL's SHA-256.
  public func cacheFile(for url: URL) -> URL {
    let name = String(CatalogDedupe.sha256Hex(Array(url.absoluteString.utf8)).prefix(16))
    return cacheFolder.appendingPathComponent(name + ".json")
  }
}
