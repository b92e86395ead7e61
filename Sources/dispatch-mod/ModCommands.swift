import DispatchCommandLine
import DispatchKit
import Foundation

/// The subcommands of `dispatch-mod`, each one library call and its printout.
enum ModCommands {
  static let floodThreshold = Option<Int>.integer(
    "flood-threshold", "N", in: 1...Int.max,
    "FLOOD above N submissions from one submitter (default 10)")

  static let root = CommandSpec(
    "dispatch-mod", abstract: "Moderate a Dispatch question-set catalog kept in a folder",
    subcommands: [
      CommandSpec(
        "list", abstract: "Pending submissions, duplicate markers, submitter counts, flags",
        options: [floodThreshold.spec], json: true, run: list),
      CommandSpec(
        "validate", abstract: "Check an index, set, submission or flag file",
        arguments: [ArgumentSpec("FILE", "The file to check", completion: .file)], run: validate),
      CommandSpec(
        "approve", abstract: "Approve a pending submission",
        arguments: [ArgumentSpec("ID", "A submission ID from 'dispatch-mod list', or a prefix")],
        options: [
          .value("tags", "a,b", "Tags of the approved set, comma-separated"),
          .value("id", "NEW-ID", "Publish the set under this ID"),
          .flag("allow-duplicate", "Approve even when its prompts are already in the catalog"),
        ], run: approve),
      CommandSpec(
        "reject", abstract: "Reject a pending submission, keeping the reason",
        arguments: [ArgumentSpec("ID", "A submission ID from 'dispatch-mod list', or a prefix")],
        options: [.value("reason", "TEXT", "Why it is rejected")], run: reject),
      CommandSpec(
        "publish", abstract: "Write a new index.json with every approved set", run: publish),
      CommandSpec("help", abstract: "Show this help", run: { $0.stdout.line(help) }),
    ],
    defaultSubcommand: "help",
    globalOptions: [
      .value("folder", "DIR", completion: .directory, "The catalog folder"),
      .flag("json", "Print JSON (list)"), .flag("help", short: "h", "Show this help"),
    ],
    helpPointer: "see 'dispatch-mod help'",
    unexpectedArgument: { command, argument in
      "'\(command.name)' does not take '\(argument)'"
        + (command.arguments.isEmpty ? "; name the folder with --folder" : "")
    })

  static func folder(_ invocation: Invocation) -> ModerationFolder {
    ModerationFolder(root: ModMain.folderURL(invocation))
  }

  static func now(_ invocation: Invocation) -> Instant {
    SystemWallClock(environment: invocation.environment).now()
  }

  static func list(_ invocation: Invocation) throws {
    let folder = folder(invocation)
    let threshold =
      invocation.value(floodThreshold) ?? ModerationFolder.defaultFloodThreshold
    let listing = try folder.listing(floodThreshold: threshold)
    if invocation.wantsJSON {
      invocation.stdout.lineVerbatim(JSONWriter.string(ModListText.json(listing)))
      return
    }
    for line in ModListText.lines(listing, folder: folder) { invocation.stdout.line(line) }
  }

  static func validate(_ invocation: Invocation) throws {
    let path = invocation.positional(0) ?? ""
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError(.noInput, "cannot read '\(path)'")
    }
    let summary: String
    do {
      summary = try ModerationFolder.validate([UInt8](data), file: path)
    } catch {
      guard !error.problems.isEmpty else { throw error }
      // Every problem on its own line of standard output, then the one-line error.
      for problem in error.problems { invocation.stdout.line("\(path): \(problem)") }
      let count = error.problems.count
      throw CLIError(.dataError, "\(path): \(count) problem\(count == 1 ? "" : "s")")
    }
    invocation.stdout.line("\(path): \(summary).")
  }

  static func approve(_ invocation: Invocation) throws {
    let reference = invocation.positional(0) ?? ""
    let tags = invocation.value("tags").map { $0.split(separator: ",").map(String.init) }
    let approved = try folder(invocation).approve(
      reference, tags: tags, newID: invocation.value("id"),
      allowDuplicate: invocation.flag("allow-duplicate"), now: now(invocation))
    invocation.stdout.line(
      "Approved \(approved.id.prefix(8)): set '\(approved.set.id)' with "
        + "\(approved.set.questions.count) questions; 'dispatch-mod publish' adds it to index.json."
    )
  }

  static func reject(_ invocation: Invocation) throws {
    let reference = invocation.positional(0) ?? ""
    guard let reason = invocation.value("reason") else {
      throw invocation.usage("'reject' needs --reason: why the submission is rejected")
    }
    let rejected = try folder(invocation).reject(reference, reason: reason, now: now(invocation))
    invocation.stdout.line(
      "Rejected \(rejected.id.prefix(8)) (set '\(rejected.set.id)'); kept in rejected/ with the reason."
    )
  }

  static func publish(_ invocation: Invocation) throws {
    let folder = folder(invocation)
    let result = try folder.publish(now: now(invocation))
    guard !result.publishedSetIDs.isEmpty else {
      invocation.stdout.line(
        "Nothing approved to publish; \(folder.indexFile.path) is unchanged.")
      return
    }
    let ids = result.publishedSetIDs.map { "'\($0)'" }.joined(separator: ", ")
    invocation.stdout.line(
      "Published index version \(result.index.version) to \(folder.indexFile.path): "
        + "\(result.index.sets.count) set\(result.index.sets.count == 1 ? "" : "s"), new or "
        + "updated \(ids).")
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
