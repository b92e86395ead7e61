import Foundation

/// Finding a question or a group by a part of its prompt or name, as people type it:
/// `chart Doing?` for "What are you doing?", `--allow Evening` for "Evening reflection".
enum NamePart {
  /// The shortest part that names something: shorter ones ("a", "is") would match by accident.
  static let minimumLength = 3

  /// The positions of `names` that contain `reference`, ignoring letter case, surrounding
  /// spaces and a trailing question mark; empty when `reference` is too short to be a part.
  static func matches(_ reference: String, in names: [String]) -> [Int] {
    var part = reference.trimmingCharacters(in: .whitespaces).lowercased()
    if part.hasSuffix("?") { part.removeLast() }
    guard part.count >= minimumLength else { return [] }
    return names.indices.filter { names[$0].lowercased().contains(part) }
  }

  /// The error for a part several names contain, listing them.
  static func ambiguity(_ reference: String, kind: String, names: [String]) -> DispatchError {
    let listed = names.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
    let more = names.count > 4 ? " and \(names.count - 4) more" : ""
    return DispatchError(
      .unknownReference,
      "'\(reference)' is part of \(names.count) \(kind): \(listed)\(more); type more of one")
  }
}
