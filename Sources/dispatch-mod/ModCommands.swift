import DispatchKit
import Foundation

/// The subcommands of `dispatch-mod`, each one library call and its printout.
struct ModCommands {
  let arguments: ModArguments
  let folder: ModerationFolder
  let now: Instant
  /// Runs the command and returns the lines for standard output.
  func run() throws -> [String] {
    let allowed = ["validate": 1, "approve": 1, "reject": 1][arguments.command] ?? 0
    if arguments.positionals.count > allowed {
      let extra = arguments.positionals[allowed]
      throw ModError.usage(
        "'\(arguments.command)' does not take '\(extra)'"
          + (allowed == 0 ? "; name the folder with --folder" : ""))
    }
    switch arguments.command {
    case "list": return try list()
    case "validate": return try validate()
    case "approve": return try approve()
    case "reject": return try reject()
    case "publish": return try publish()
    default: return [Self.help]
    }
  }

  func list() throws -> [String] {
    let threshold = try arguments.integer(
      "flood-threshold", default: ModerationFolder.defaultFloodThreshold, minimum: 1)
    let listing = try folder.listing(floodThreshold: threshold)
    if arguments.flags.contains("json") { return [JSONWriter.string(ModListText.json(listing))] }
    return ModListText.lines(listing, folder: folder)
  }

  func validate() throws -> [String] {
    let path = try arguments.required(0, "a FILE to validate")
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ModError(status: 66, message: "cannot read '\(path)'")
    }
    let summary: String
    do {
      summary = try ModerationFolder.validate([UInt8](data), file: path)
    } catch {
      guard !error.problems.isEmpty else { throw error }
      // Every problem on its own line of standard output, then the one-line error.
      let count = error.problems.count
      throw ModError(
        status: 65, message: "\(path): \(count) problem\(count == 1 ? "" : "s")",
        output: error.problems.map { "\(path): \($0)" })
    }
    return ["\(path): \(summary)."]
  }

  func approve() throws -> [String] {
    let reference = try arguments.required(0, "a submission ID from 'dispatch-mod list'")
    let tags = arguments.values["tags"].map { $0.split(separator: ",").map(String.init) }
    let approved = try folder.approve(
      reference, tags: tags, newID: arguments.values["id"],
      allowDuplicate: arguments.flags.contains("allow-duplicate"), now: now)
    return [
      "Approved \(approved.id.prefix(8)): set '\(approved.set.id)' with "
        + "\(approved.set.questions.count) questions; 'dispatch-mod publish' adds it to index.json."
    ]
  }

  func reject() throws -> [String] {
    let reference = try arguments.required(0, "a submission ID from 'dispatch-mod list'")
    guard let reason = arguments.values["reason"] else {
      throw ModError.usage("'reject' needs --reason: why the submission is rejected")
    }
    let rejected = try folder.reject(reference, reason: reason, now: now)
    return [
      "Rejected \(rejected.id.prefix(8)) (set '\(rejected.set.id)'); kept in rejected/ with the reason."
    ]
  }

  func publish() throws -> [String] {
    let result = try folder.publish(now: now)
    guard !result.publishedSetIDs.isEmpty else {
      return ["Nothing approved to publish; \(folder.indexFile.path) is unchanged."]
    }
    let ids = result.publishedSetIDs.map { "'\($0)'" }.joined(separator: ", ")
    return [
      "Published index version \(result.index.version) to \(folder.indexFile.path): "
        + "\(result.index.sets.count) set\(result.index.sets.count == 1 ? "" : "s"), new or "
        + "updated \(ids)."
    ]
  }

  static let help = """
    dispatch-mod: moderate a Dispatch question-set catalog kept in a folder

    Usage: dispatch-mod COMMAND [ARGUMENTS] [--folder DIR]

    The folder (default: $DISPATCH_MOD_FOLDER, else the working directory) holds index.json,
    submissions/, approved/, published/, rejected/ and flags/ (see docs/catalog.md).

    Commands:
      list [--flood-threshold N] [--json]
                     Pending submissions with duplicate markers, submitter counts (FLOOD above
                     N, default 10) and open flags
      validate FILE  Check an index, set, submission or flag file; print every problem
      approve ID [--tags a,b] [--id NEW-ID] [--allow-duplicate]
                     Approve a pending submission (ID or a unique prefix); refuses prompts
                     already in the catalog unless --allow-duplicate
      reject ID --reason TEXT
                     Reject a pending submission, keeping the reason
      publish        Write a new index.json (version bumped) with every approved set
      help           Show this help

    Exit codes: 0 success, 1 other failure, 64 usage, 65 invalid or duplicate data,
    66 missing file.
    """
}
