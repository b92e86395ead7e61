import DispatchCore
import DispatchStorage
import Foundation

/// Where `dispatch catalog submit` and `flag` leave their files for the user to send to the
/// catalog's moderators: `submissions/` and `flags/` in one folder (docs/catalog.md). Nothing
/// is sent anywhere by Dispatch itself.
public struct CatalogOutbox: Sendable {
  /// Store settings the outbox keeps.
  public enum SettingKey {
    /// The submission stamps the throttle counts (``SubmissionThrottle/storedText``).
    public static let submissions = "catalog.submissions"
    /// The anonymous ID this store signs its submissions and flags with.
    public static let submitterID = "catalog.submitterID"
  }

  public var folder: URL

  public init(folder: URL) {
    self.folder = folder
  }

  public var submissionsFolder: URL { folder.appendingPathComponent("submissions") }
  public var flagsFolder: URL { folder.appendingPathComponent("flags") }

  /// Validates `set`, checks the submission limit, and writes the submission file to
  /// `destination` (default: `submissions/<id>.json`), recording the submission in the store in
  /// the same transaction; a failed write records nothing.
  ///
  /// - Throws: ``CatalogError``: `.invalid` naming every problem of the set, `.throttled` when
  ///   5 submissions were made in the last 24 hours, `.failure` when the file cannot be written.
  public func submit(
    _ draft: CatalogSet, store: DispatchStore, destination: URL? = nil, environment: RunEnvironment
  ) throws
    -> (submission: CatalogSubmission, file: URL)
  {
    var set = draft.normalized()
    set.approvedAt = nil
    let problems = CatalogValidation.problems(set)
    guard problems.isEmpty else { throw CatalogError.invalid("the submitted set", problems) }
    let now = environment.now()
    return try store.write { tx in
      let throttle = SubmissionThrottle(
        storedText: try store.settings.setting(SettingKey.submissions))
      if let next = throttle.nextAllowed(at: now) {
        throw CatalogError(
          .throttled,
          "this store has made \(SubmissionThrottle.limit) catalog submissions in the last 24 "
            + "hours, the most allowed; try again after \(next.iso8601Seconds)")
      }
      let submission = CatalogSubmission(
        id: environment.makeID().lowercased(), submittedAt: now,
        submitter: try submitterID(tx, environment: environment), set: set)
      try tx.setSetting(SettingKey.submissions, throttle.recording(now).storedText)
      let file =
        destination ?? submissionsFolder.appendingPathComponent(submission.id + ".json")
      try CatalogFiles.write(submission.jsonText, to: file)
      return (submission, file)
    }
  }

  /// Writes a flag file for a set to `destination` (default: `flags/<id>.json`).
  ///
  /// - Throws: ``CatalogError`` (`.invalid`) for an empty reason or one over 500 characters.
  public func flag(
    _ entry: CatalogLibrary.Entry, reason: String, store: DispatchStore, destination: URL? = nil,
    environment: RunEnvironment
  ) throws -> (flag: CatalogFlag, file: URL) {
    let problems = CatalogValidation.reasonProblems(reason)
    guard problems.isEmpty else { throw CatalogError.invalid("the flag", problems) }
    return try store.write { tx in
      let flag = CatalogFlag(
        id: environment.makeID().lowercased(), setID: entry.set.id, setVersion: entry.set.version,
        origin: entry.origin, reason: CatalogText.trimmed(reason), flaggedAt: environment.now(),
        submitter: try submitterID(tx, environment: environment))
      let file = destination ?? flagsFolder.appendingPathComponent(flag.id + ".json")
      try CatalogFiles.write(flag.jsonText, to: file)
      return (flag, file)
    }
  }

  /// The store's anonymous submitter ID, made on first use. It is separate from every other
  /// ID so submissions cannot be linked to backups or exports.
  private func submitterID(_ tx: StoreTransaction, environment: RunEnvironment) throws -> String {
    if let id = try tx.store.settings.setting(SettingKey.submitterID), !id.isEmpty { return id }
    let id = environment.makeID().lowercased()
    try tx.setSetting(SettingKey.submitterID, id)
    return id
  }
}

extension CatalogSet {
  /// A set built from the user's own questions, for `dispatch catalog submit
  /// --set-from-questions`: the questions in the seed shape, surveys kept as tags.
  public static func draft(
    id: String, title: String, summary: String, tags: [String] = [], credit: String? = nil,
    language: String = "en", questions: [Question]
  ) -> CatalogSet {
    CatalogSet(
      id: id, title: title, summary: summary, tags: tags, credit: credit, language: language,
      questions: questions.map(CatalogQuestion.init(question:))
    ).normalized()
  }
}
