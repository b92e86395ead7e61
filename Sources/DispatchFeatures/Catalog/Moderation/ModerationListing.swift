import Foundation

/// What `dispatch-mod list` shows (docs/catalog.md#moderation-with-dispatch-mod).
public struct ModerationListing: Sendable, Equatable {
  /// A question of a pending submission that repeats one already in the catalog or in an
  /// older pending submission (same prompt fingerprint, docs/catalog.md#prompt-identity).
  public struct Duplicate: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
      /// A set of the catalog (published or approved).
      case catalog(setID: String)
      /// An older pending submission.
      case pending(submissionID: String)
    }

    /// The 1-based position of the question in the submitted set.
    public var question: Int
    public var prompt: String
    public var target: Target

    public init(question: Int, prompt: String, target: Target) {
      self.question = question
      self.prompt = prompt
      self.target = target
    }
  }

  public struct Pending: Sendable, Equatable {
    public var submission: CatalogSubmission
    public var duplicates: [Duplicate]
    /// Whether the set's ID is already taken in the catalog.
    public var idTaken: Bool
  }

  public struct SubmitterCount: Sendable, Equatable {
    public var submitter: String
    public var count: Int
    /// More pending submissions than the flood threshold.
    public var isFlood: Bool

    public init(submitter: String, count: Int, isFlood: Bool) {
      self.submitter = submitter
      self.count = count
      self.isFlood = isFlood
    }
  }

  /// Pending submissions, oldest first.
  public var pending: [Pending]
  /// Submitters by pending count, most first.
  public var submitters: [SubmitterCount]
  /// Open flags, oldest first.
  public var flags: [CatalogFlag]
  /// Files in submissions/ or flags/ that cannot be read, one message each.
  public var unreadable: [String]
  public var floodThreshold: Int
}

extension ModerationFolder {
  /// The default number of pending submissions from one submitter above which `list` marks
  /// a flood (Dispatch's `--flood-threshold`).
  public static let defaultFloodThreshold = 10

  /// The review of pending submissions and open flags.
  public func listing(floodThreshold: Int = defaultFloodThreshold) throws(CatalogError)
    -> ModerationListing
  {
    let catalog = try catalogFingerprints()
    let takenIDs = try catalogSetIDs()
    let (submissions, invalid) = self.submissions(in: submissionsFolder)
    var olderPending: [String: String] = [:]
    var pending: [ModerationListing.Pending] = []
    for stored in submissions {
      let submission = stored.submission
      var duplicates: [ModerationListing.Duplicate] = []
      for (offset, question) in submission.set.questions.enumerated() {
        let fingerprint = question.promptFingerprint
        if let setID = catalog[fingerprint] {
          duplicates.append(
            .init(question: offset + 1, prompt: question.prompt, target: .catalog(setID: setID)))
        } else if let older = olderPending[fingerprint] {
          duplicates.append(
            .init(
              question: offset + 1, prompt: question.prompt, target: .pending(submissionID: older)))
        }
      }
      for question in submission.set.questions where olderPending[question.promptFingerprint] == nil
      {
        olderPending[question.promptFingerprint] = submission.id
      }
      pending.append(
        .init(
          submission: submission, duplicates: duplicates,
          idTaken: takenIDs.contains(submission.set.id)))
    }
    var counts: [String: Int] = [:]
    for stored in submissions { counts[stored.submission.submitter, default: 0] += 1 }
    let submitters = counts.map {
      ModerationListing.SubmitterCount(
        submitter: $0.key, count: $0.value, isFlood: $0.value > floodThreshold)
    }.sorted { ($1.count, $0.submitter) < ($0.count, $1.submitter) }
    var flags: [CatalogFlag] = []
    var unreadable = invalid.map(\.message)
    for file in CatalogFiles.jsonFiles(in: flagsFolder) {
      do {
        flags.append(try CatalogFlag.parse(try CatalogFiles.read(file), file: file.path))
      } catch {
        unreadable.append(error.message)
      }
    }
    flags.sort { ($0.flaggedAt, $0.id) < ($1.flaggedAt, $1.id) }
    return ModerationListing(
      pending: pending, submitters: submitters, flags: flags, unreadable: unreadable,
      floodThreshold: floodThreshold)
  }
}
