import DispatchKit
import Foundation

/// How `dispatch-mod list` prints a ``ModerationListing``: text with Dispatch's ⚠️ markers, or
/// JSON.
enum ModListText {
  static func lines(_ listing: ModerationListing, folder: ModerationFolder) -> [String] {
    var lines: [String] = []
    if listing.pending.isEmpty {
      lines.append("No pending submissions in \(folder.submissionsFolder.path).")
    } else {
      lines.append("Pending submissions (\(listing.pending.count)), oldest first:")
      for pending in listing.pending {
        let submission = pending.submission
        let count = submission.set.questions.count
        lines.append(
          "  \(submission.id.prefix(8))  \(submission.set.id)  '\(submission.set.title)'  "
            + "\(count) question\(count == 1 ? "" : "s")  by \(submission.submitter.prefix(8))  "
            + submission.submittedAt.iso8601Seconds)
        if pending.idTaken {
          lines.append("      ⚠️ ID TAKEN: the catalog already has a set '\(submission.set.id)'")
        }
        for duplicate in pending.duplicates {
          let target: String
          switch duplicate.target {
          case .catalog(let setID): target = setID
          case .pending(let id): target = "pending \(id.prefix(8))"
          }
          lines.append(
            "      ⚠️ DUPLICATE of \(target): question \(duplicate.question) '\(duplicate.prompt)'")
        }
      }
      lines.append("Submitters:")
      for submitter in listing.submitters {
        var line = "  \(submitter.submitter.prefix(8))  \(submitter.count) pending"
        if submitter.isFlood { line += "  ⚠️ FLOOD (more than \(listing.floodThreshold))" }
        lines.append(line)
      }
    }
    if listing.flags.isEmpty {
      lines.append("No open flags.")
    } else {
      lines.append("Open flags (\(listing.flags.count)):")
      for flag in listing.flags {
        lines.append(
          "  \(flag.id.prefix(8))  set '\(flag.setID)' v\(flag.setVersion)  "
            + "\(flag.flaggedAt.iso8601Seconds)  '\(flag.reason)'")
      }
    }
    if !listing.unreadable.isEmpty {
      lines.append("Unreadable files (\(listing.unreadable.count)):")
      lines += listing.unreadable.map { "  " + $0 }
    }
    return lines
  }

  static func json(_ listing: ModerationListing) -> JSONValue {
    let pending: [JSONValue] = listing.pending.map { pending in
      var object = JSONObjectBuilder()
      object.set("id", pending.submission.id)
      object.set("set", pending.submission.set.id)
      object.set("submitter", pending.submission.submitter)
      object.set("submittedAt", pending.submission.submittedAt.iso8601)
      object.set("idTaken", pending.idTaken)
      object.set(
        "duplicates",
        .array(
          pending.duplicates.map { duplicate in
            var entry = JSONObjectBuilder()
            entry.set("question", duplicate.question)
            entry.set("prompt", duplicate.prompt)
            switch duplicate.target {
            case .catalog(let setID): entry.set("catalogSet", setID)
            case .pending(let id): entry.set("pendingSubmission", id)
            }
            return entry.value
          }))
      return object.value
    }
    let submitters: [JSONValue] = listing.submitters.map {
      .object([
        ("submitter", .string($0.submitter)), ("pending", .int(Int64($0.count))),
        ("flood", .bool($0.isFlood)),
      ])
    }
    return .object([
      ("pending", .array(pending)), ("submitters", .array(submitters)),
      ("flags", .array(listing.flags.map(\.jsonValue))),
      ("unreadable", .array(listing.unreadable.map(JSONValue.string))),
    ])
  }
}
