import DispatchCommandLine
import DispatchKit
import Foundation

/// Answers a person gave that could not be written because the store stayed busy (or the disk
/// was full): kept as the command line that files them, with the moment they were given, and
/// filed by the next `dispatch` run that opens the store. Never lost, never filed twice.
///
/// The spool is the folder `<store>.spool/` (mode 0700), one file per kept command (0600),
/// written through ``PrivateFiles`` (temporary name, sync, rename), so a crash leaves whole
/// files only. A
/// replay runs this same program with the kept arguments, `DISPATCH_NOW` set to the original
/// moment and the original zone, so the report's time is when it was answered; the file is
/// removed only after the replay succeeded. A replay that fails for another reason is kept as
/// `*.failed` and named on every run until the person deals with it (docs/cli.md#a-busy-store).
struct WriteSpool {
  /// One kept command.
  struct Entry: Codable, Equatable {
    /// The command line without `--store` (the spool belongs to one store).
    var arguments: [String]
    /// When the person gave the answers (ISO 8601 with offset).
    var givenAt: String
    /// The time zone the answers were given in.
    var zone: String
  }

  let folder: String
  let storePath: String

  init(storePath: String) {
    self.storePath = storePath
    folder = storePath + ".spool"
  }

  /// Commands whose writes are a person's answers: kept when the store cannot take them.
  static let personCommands: Set<String> = [
    "report", "wake", "sleep", "answer", "act", "mood", "fatigue", "activity", "med", "lost",
    "context", "checkin", "stress",
  ]
  /// Subcommands that only read, never kept.
  private static let readingSubcommands: Set<String> = ["list", "show", "stats", "summary"]

  /// Environment variable set for a replay, so it does not replay the spool itself.
  static let replayVariable = "DISPATCH_SPOOL_REPLAY"

  /// Whether a failure of the command at `path` is a person's answers to keep.
  static func keeps(path: [String], error: any Error) -> Bool {
    guard let first = path.first, personCommands.contains(first),
      !path.dropFirst().contains(where: readingSubcommands.contains)
    else { return false }
    let storeError = (error as? KeptAnswers)?.underlying ?? error
    guard let storeError = storeError as? StoreError else { return false }
    return storeError.isBusy || storeError.isDiskFull
  }

  /// `arguments` without any `--store PATH` or `--store=PATH`.
  static func withoutStore(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        kept += arguments[(index - 1)...]
        break
      }
      if argument == "--store" {
        index += 1
        continue
      }
      if argument.hasPrefix("--store=") { continue }
      kept.append(argument)
    }
    return kept
  }

  /// Keeps a command; returns the file it was kept in.
  func keep(_ entry: Entry) throws -> String {
    try PrivateFiles.createFolder(folder)
    let name = "\(Int(Date().timeIntervalSince1970 * 1000))-\(UUID().uuidString.prefix(8)).json"
    let path = (folder as NSString).appendingPathComponent(name)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try PrivateFiles.write([UInt8](try encoder.encode(entry)), to: path)
    return path
  }

  /// The kept commands waiting to be filed, oldest first.
  func waiting() -> [String] {
    files(withSuffix: ".json")
  }

  /// Kept commands whose replay failed, oldest first.
  func failed() -> [String] {
    files(withSuffix: ".failed")
  }

  private func files(withSuffix suffix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
      .map { (folder as NSString).appendingPathComponent($0) }
  }

  /// What replaying the kept commands did.
  struct Replay {
    var filed: [Entry] = []
    var failed: [(entry: Entry, message: String)] = []
    /// Kept files that could not be read back (damaged or not written by Dispatch), each
    /// renamed to `*.failed` and named here so the person hears of it.
    var unreadable: [String] = []
    /// The store was still busy: the rest wait for the next run.
    var stillBusy = false
  }

  /// Files every kept command, oldest first, by running `executable` with it.
  func replay(executable: String, environment: [String: String]) -> Replay {
    var result = Replay()
    for path in waiting() {
      guard let data = FileManager.default.contents(atPath: path),
        let entry = try? JSONDecoder().decode(Entry.self, from: data)
      else {
        try? FileManager.default.moveItem(atPath: path, toPath: path + ".failed")
        result.unreadable.append(path + ".failed")
        continue
      }
      var variables = environment
      variables["DISPATCH_NOW"] = entry.givenAt
      variables["TZ"] = entry.zone
      variables["DISPATCH_STORE"] = storePath
      variables[Self.replayVariable] = "1"
      let outcome = Self.run(executable, entry.arguments, variables)
      switch outcome.status {
      case 0:
        try? FileManager.default.removeItem(atPath: path)
        result.filed.append(entry)
      case ExitStatus.tryLater.rawValue:
        result.stillBusy = true
        return result
      default:
        try? FileManager.default.moveItem(atPath: path, toPath: path + ".failed")
        let line = outcome.stderr.split(separator: "\n").last.map(String.init) ?? "failed"
        result.failed.append((entry, line))
      }
    }
    return result
  }
}

extension WriteSpool {
  /// Runs a replay to completion: its output is dropped, its last error line kept.
  fileprivate static func run(
    _ executable: String, _ arguments: [String], _ environment: [String: String]
  ) -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do { try process.run() } catch { return (127, "cannot run \(executable)") }
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// A failure after the answers were collected interactively: they cannot be read from the
/// command line again, so they travel with the error as `--answer` arguments.
struct KeptAnswers: Error {
  let underlying: any Error
  let answerArguments: [String]
}
