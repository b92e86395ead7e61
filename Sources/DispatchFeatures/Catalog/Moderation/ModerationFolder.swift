import Foundation

/// A moderation folder (docs/catalog.md): the published `index.json`, and the submissions and
/// flags moderators receive, moved between subfolders as they are decided.
///
/// ```
/// index.json       the published catalog
/// submissions/     pending submission files, as `dispatch catalog submit` wrote them
/// approved/        approved, waiting for `publish`
/// published/       approved and in index.json (kept as a record)
/// rejected/        rejected, with the reason
/// flags/           flags users sent
/// ```
///
/// Every change writes the new file atomically before removing the old one, so an
/// interrupted command leaves a submission in one of two folders, never in none.
public struct ModerationFolder: Sendable {
  public let root: URL

  public init(root: URL) {
    self.root = root
  }

  public var indexFile: URL { root.appendingPathComponent(CatalogSource.indexFileName) }
  public var submissionsFolder: URL { root.appendingPathComponent("submissions") }
  public var approvedFolder: URL { root.appendingPathComponent("approved") }
  public var publishedFolder: URL { root.appendingPathComponent("published") }
  public var rejectedFolder: URL { root.appendingPathComponent("rejected") }
  public var flagsFolder: URL { root.appendingPathComponent("flags") }

  /// The published index, or nil when none has been published yet.
  public func publishedIndex() throws(CatalogError) -> CatalogIndex? {
    guard FileManager.default.fileExists(atPath: indexFile.path) else { return nil }
    return try CatalogIndex.parse(try CatalogFiles.read(indexFile), file: indexFile.path)
  }

  /// The readable submissions of a subfolder, oldest first, and the files that are not.
  func submissions(in folder: URL) -> (valid: [StoredSubmission], invalid: [CatalogError]) {
    var valid: [StoredSubmission] = []
    var invalid: [CatalogError] = []
    for file in CatalogFiles.jsonFiles(in: folder) {
      do {
        let bytes = try CatalogFiles.read(file)
        valid.append(
          StoredSubmission(
            submission: try CatalogSubmission.parse(bytes, file: file.path), file: file))
      } catch {
        invalid.append(error)
      }
    }
    valid.sort {
      ($0.submission.submittedAt, $0.submission.id) < ($1.submission.submittedAt, $1.submission.id)
    }
    return (valid, invalid)
  }

  /// The pending submission whose ID is `reference` or starts with it.
  ///
  /// - Throws: `.unknownReference` when none or several match.
  func pendingSubmission(_ reference: String) throws(CatalogError) -> StoredSubmission {
    let wanted = CatalogText.trimmed(reference).lowercased()
    let pending = submissions(in: submissionsFolder).valid
    if let exact = pending.first(where: { $0.submission.id == wanted }) { return exact }
    let matches = wanted.isEmpty ? [] : pending.filter { $0.submission.id.hasPrefix(wanted) }
    guard matches.count == 1, let match = matches.first else {
      throw CatalogError(
        .unknownReference,
        matches.isEmpty
          ? "no pending submission '\(reference)' in \(submissionsFolder.path); see 'dispatch-mod list'"
          : "'\(reference)' matches \(matches.count) pending submissions; give more of the ID")
    }
    return match
  }

  /// Every question fingerprint of the catalog as it will be after the next publish (the
  /// published index and the approved sets), mapped to the set holding it.
  func catalogFingerprints() throws(CatalogError) -> [String: String] {
    var result = try publishedIndex()?.fingerprints ?? [:]
    for stored in submissions(in: approvedFolder).valid {
      for question in stored.submission.set.questions
      where result[question.promptFingerprint] == nil {
        result[question.promptFingerprint] = stored.submission.set.id
      }
    }
    return result
  }

  /// The set IDs of the catalog as it will be after the next publish.
  func catalogSetIDs() throws(CatalogError) -> Set<String> {
    var ids = Set(try publishedIndex()?.sets.map(\.id) ?? [])
    for stored in submissions(in: approvedFolder).valid { ids.insert(stored.submission.set.id) }
    return ids
  }

  /// Moves a decided submission: writes `text` to `folder/<file name>`, then removes the old file.
  func move(_ stored: StoredSubmission, to folder: URL, text: String) throws(CatalogError) {
    try CatalogFiles.write(text, to: folder.appendingPathComponent(stored.file.lastPathComponent))
    do {
      try FileManager.default.removeItem(at: stored.file)
    } catch {
      throw CatalogError(
        .failure, "cannot remove '\(stored.file.path)': \(error.localizedDescription)")
    }
  }
}

/// A submission and the file it was read from.
struct StoredSubmission: Sendable {
  var submission: CatalogSubmission
  var file: URL
}
