import DispatchCore

/// The catalog built into Dispatch: five sets written for it (mood, work, sleep, social, and a
/// research-style momentary-assessment set), always available without a network or a folder.
///
/// The sets are JSON text in the source, read by the same reader as any index, so they obey
/// exactly the rules a published catalog does (the tests check that they validate). Keeping
/// them in code rather than a resource file means they work from any install location.
public enum StarterCatalog {
  /// The index's revision; bump when a starter set changes.
  static let version = 1
  /// When this revision of the starter sets was written.
  static let generatedAt = Instant(milliseconds: 1_782_864_000_000)  // 2026-07-01T00:00:00Z

  /// The set files, in the order `dispatch catalog list` shows them.
  static let setTexts = [mood, work, sleep, social, momentaryAffect]

  /// The starter index; validated on every call, so a broken edit fails loudly in tests.
  public static func index() throws(CatalogError) -> CatalogIndex {
    let sets = "[" + setTexts.joined(separator: ",") + "]"
    let text =
      #"{"formatVersion":1,"version":\#(version),"generatedAt":"\#(generatedAt.iso8601)","sets":"#
      + sets + "}"
    return try CatalogIndex.parse(Array(text.utf8), file: "the built-in catalog")
  }
}
