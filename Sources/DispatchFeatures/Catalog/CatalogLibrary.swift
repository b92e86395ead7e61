import DispatchSupport

/// The sets a user can browse: the built-in starter sets and those of the configured source.
public struct CatalogLibrary: Sendable, Equatable {
  /// A set and where it was found.
  public struct Entry: Sendable, Equatable {
    public var set: CatalogSet
    /// `built-in`, or the source's path or URL.
    public var origin: String
  }

  /// The origin name of the starter sets.
  public static let builtInOrigin = "built-in"

  /// Built-in sets first, then the source's; a source set with a built-in set's ID replaces
  /// it (a published set is the newer one).
  public var entries: [Entry]
  /// Set when the source could not be reached and its cached copy was used: why.
  public var cacheNote: String?

  /// Reads the built-in catalog and, when `source` is given, the source through `loader`.
  ///
  /// - Throws: ``CatalogError`` when the source cannot be read or is invalid.
  public static func load(source: CatalogSource?, loader: CatalogLoader) throws(CatalogError)
    -> CatalogLibrary
  {
    var entries = try StarterCatalog.index().sets.map { Entry(set: $0, origin: builtInOrigin) }
    var note: String?
    if let source {
      let loaded = try loader.load(source)
      if case .cache(let reason) = loaded.origin { note = reason }
      for set in loaded.index.sets {
        let entry = Entry(set: set, origin: source.description)
        if let position = entries.firstIndex(where: { $0.set.id == set.id }) {
          entries[position] = entry
        } else {
          entries.append(entry)
        }
      }
    }
    return CatalogLibrary(entries: entries, cacheNote: note)
  }

  /// The sets carrying `tag` (any letter case), or all of them.
  public func entries(tagged tag: String?) -> [Entry] {
    guard let tag = tag.map({ CatalogText.trimmed($0).lowercased() }), !tag.isEmpty else {
      return entries
    }
    return entries.filter { $0.set.tags.contains(tag) }
  }

  /// The set with this ID.
  ///
  /// - Throws: ``CatalogError`` (`.unknownReference`) with the closest ID when none matches.
  public func entry(id: String) throws(CatalogError) -> Entry {
    let wanted = CatalogText.trimmed(id).lowercased()
    if let entry = entries.first(where: { $0.set.id == wanted }) { return entry }
    let ids = entries.map(\.set.id)
    let hint =
      Suggestion.closest(to: wanted, in: ids).map { "; did you mean '\($0)'?" }
      ?? "; see 'dispatch catalog list'"
    throw CatalogError(.unknownReference, "no catalog set '\(id)'\(hint)")
  }
}
