import DispatchCore
import DispatchSupport
import Foundation

/// What `dispatch-mod publish` wrote.
public struct PublishResult: Sendable, Equatable {
  public var index: CatalogIndex
  /// The sets added or replaced, in the order approved.
  public var publishedSetIDs: [String]
}

extension ModerationFolder {
  /// Approves a pending submission: stamps `approvedAt` and, when given, the moderator's tags
  /// (replacing the submitter's) and a new set ID, then moves it to `approved/`.
  ///
  /// Duplicates are refused, as Dispatch's `approve` does: a question whose fingerprint is
  /// already in the catalog (published or approved) fails unless `allowDuplicate`, and a set
  /// ID already taken fails always (give `newID`).
  ///
  /// - Throws: ``CatalogError``: `.unknownReference` for an unknown or ambiguous ID,
  ///   `.conflict` for duplicates, `.invalid` for bad tags or a bad new ID.
  @discardableResult
  public func approve(
    _ reference: String, tags: [String]? = nil, newID: String? = nil,
    allowDuplicate: Bool = false, now: Instant
  ) throws(CatalogError) -> CatalogSubmission {
    let stored = try pendingSubmission(reference)
    var submission = stored.submission
    if let tags { submission.set.tags = CatalogText.tags(tags) }
    if let newID { submission.set.id = CatalogText.trimmed(newID) }
    submission.set.approvedAt = now
    let problems = CatalogValidation.problems(submission.set)
    guard problems.isEmpty else { throw CatalogError.invalid(stored.file.path, problems) }
    if try catalogSetIDs().contains(submission.set.id) {
      throw CatalogError(
        .conflict,
        "submission \(submission.id.prefix(8)): the catalog already has a set "
          + "'\(submission.set.id)'; approve it under another ID with --id NEW-ID")
    }
    let catalog = try catalogFingerprints()
    let duplicates = submission.set.questions.enumerated().compactMap { offset, question in
      catalog[question.promptFingerprint].map { (offset + 1, question.prompt, $0) }
    }
    if let first = duplicates.first, !allowDuplicate {
      let more = duplicates.count > 1 ? " (and \(duplicates.count - 1) more)" : ""
      throw CatalogError(
        .conflict,
        "submission \(submission.id.prefix(8)): question \(first.0) '\(first.1)' duplicates "
          + "set '\(first.2)'\(more); pass --allow-duplicate to approve it anyway")
    }
    try move(stored, to: approvedFolder, text: submission.jsonText)
    return submission
  }

  /// Rejects a pending submission: moves it to `rejected/` with the time and the reason.
  ///
  /// - Throws: ``CatalogError``: `.invalid` for an empty reason or one over 500 characters.
  @discardableResult
  public func reject(_ reference: String, reason: String, now: Instant) throws(CatalogError)
    -> CatalogSubmission
  {
    let problems = CatalogValidation.reasonProblems(reason)
    guard problems.isEmpty else { throw CatalogError.invalid("the rejection", problems) }
    let stored = try pendingSubmission(reference)
    guard case .object(var members) = stored.submission.jsonValue else {
      preconditionFailure("a submission is a JSON object")
    }
    members.append(("rejectedAt", .string(now.iso8601)))
    members.append(("rejectionReason", .string(CatalogText.trimmed(reason))))
    try move(stored, to: rejectedFolder, text: CatalogJSON.text(.object(members)))
    return stored.submission
  }

  /// Writes a new `index.json` with every approved set added (a set with a published set's ID
  /// replaces it), the index version bumped and `generatedAt` set to `now`, then moves the
  /// approved files to `published/`.
  ///
  /// The index is written atomically (temporary file and rename) and is readable by everyone
  /// (0644) so a web server can serve the folder. With nothing approved the index is left as
  /// it is and the result lists no sets.
  public func publish(now: Instant) throws(CatalogError) -> PublishResult {
    let current = try publishedIndex()
    let approved = submissions(in: approvedFolder).valid.sorted {
      ($0.submission.set.approvedAt ?? now, $0.submission.id)
        < ($1.submission.set.approvedAt ?? now, $1.submission.id)
    }
    var index =
      current
      ?? CatalogIndex(version: 0, generatedAt: now, sets: [])
    guard !approved.isEmpty else { return PublishResult(index: index, publishedSetIDs: []) }
    for stored in approved {
      let set = stored.submission.set
      if let position = index.sets.firstIndex(where: { $0.id == set.id }) {
        index.sets[position] = set
      } else {
        index.sets.append(set)
      }
    }
    index.formatVersion = CatalogIndex.currentFormatVersion
    index.version += 1
    index.generatedAt = now
    let problems = CatalogValidation.problems(index)
    guard problems.isEmpty else { throw CatalogError.invalid(indexFile.path, problems) }
    try CatalogFiles.write(index.jsonText, to: indexFile, published: true)
    for stored in approved {
      try move(stored, to: publishedFolder, text: stored.submission.jsonText)
    }
    return PublishResult(index: index, publishedSetIDs: approved.map(\.submission.set.id))
  }

  /// Validates any catalog file: an index, a submission, a flag, or a single set.
  ///
  /// - Returns: a one-line summary of what the file is.
  /// - Throws: ``CatalogError`` listing every problem.
  public static func validate(_ bytes: [UInt8], file: String) throws(CatalogError) -> String {
    let root = try CatalogReader.root(bytes, file: file, what: "a catalog file")
    let kind = try? root.optionalString("kind")
    if kind == CatalogSubmission.kind {
      let submission = try CatalogSubmission.parse(bytes, file: file)
      return "a valid submission of set '\(submission.set.id)' with "
        + questionCount(submission.set.questions.count)
    }
    if kind == CatalogFlag.kind {
      let flag = try CatalogFlag.parse(bytes, file: file)
      return "a valid flag of set '\(flag.setID)'"
    }
    if root.has("formatVersion") || root.has("sets") {
      let index = try CatalogIndex.parse(bytes, file: file)
      let questions = index.sets.reduce(0) { $0 + $1.questions.count }
      return "a valid catalog index, version \(index.version), with \(index.sets.count) "
        + "set\(index.sets.count == 1 ? "" : "s") and \(questionCount(questions))"
    }
    let set = try CatalogSet.parse(bytes, file: file)
    return "a valid set '\(set.id)' with \(questionCount(set.questions.count))"
  }

  private static func questionCount(_ count: Int) -> String {
    count == 1 ? "1 question" : "\(count) questions"
  }
}
