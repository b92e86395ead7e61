import Foundation
import Testing

/// Runs the built `dispatch` executable against a temporary store.
final class DispatchBinary {
  /// The executable: `dispatch` next to the test bundle (`.build/debug` during `swift test`),
  /// or `DISPATCH_BINARY` when set.
  static var url: URL {
    if let path = ProcessInfo.processInfo.environment["DISPATCH_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    return Bundle.main.bundleURL.appendingPathComponent("dispatch")
  }

  /// A fresh directory, removed on deinit.
  let directory: URL
  /// The store every command of this fixture uses.
  var storePath: String { directory.appendingPathComponent("dispatch.sqlite").path }

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-survey-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The environment for the process: the test's own, with colour off unless asked for and
  /// XDG directories inside the temporary directory.
  func environment(color: Bool = false) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
    environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
    environment["DISPATCH_STORE"] = nil
    if color { environment["NO_COLOR"] = nil } else { environment["NO_COLOR"] = "1" }
    return environment
  }

  /// A process running `dispatch` with `arguments` and `--store`, not started.
  func process(_ arguments: [String], color: Bool = false) -> Process {
    let process = Process()
    process.executableURL = Self.url
    process.arguments = arguments + ["--store", storePath]
    process.environment = environment(color: color)
    return process
  }

  /// Runs `dispatch` with pipes, feeding `input` to standard input.
  func run(_ arguments: [String], input: String = "") throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let child = process(arguments)
    let stdin = Pipe()
    let stdout = Pipe()
    let errorFile = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let stderr = try FileHandle(forWritingTo: errorFile)
    child.standardInput = stdin
    child.standardOutput = stdout
    child.standardError = stderr
    try child.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    try stderr.close()
    let errors = try Data(contentsOf: errorFile)
    return (
      child.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: errors, as: UTF8.self)
    )
  }

  /// `dispatch init`, checked.
  func initStore() throws {
    let result = try run(["init"])
    #expect(result.status == 0, "dispatch init failed: \(result.stderr)")
  }

  /// The stored reports from `dispatch reports list --json`.
  func reports() throws -> [StoredReport] {
    let result = try run(["reports", "list", "--json"])
    #expect(result.status == 0, "dispatch reports list failed: \(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let list = try #require(json as? [[String: Any]], "not a JSON array: \(result.stdout)")
    return list.map(StoredReport.init)
  }
}

/// The parts of a report in `reports list --json` that the survey tests check.
struct StoredReport {
  /// One response: the answer in the printed form of each payload.
  struct Answer: Equatable {
    var skipped = false
    var tokens: [String]?
    var options: [String]?
    var number: String?
    var location: String?
    var notes: [String]?
    var time: String?
  }

  /// The responses by prompt.
  var answers: [String: Answer] = [:]

  init(_ json: [String: Any]) {
    for response in json["responses"] as? [[String: Any]] ?? [] {
      guard let prompt = response["prompt"] as? String else { continue }
      answers[prompt] = Answer(
        skipped: response["skipped"] as? Bool ?? false,
        tokens: Self.texts(response["tokens"]), options: response["options"] as? [String],
        number: response["number"] as? String, location: Self.text(response["location"]),
        notes: Self.texts(response["notes"]), time: Self.text(response["time"]))
    }
  }

  /// A list of strings, or of objects with a `text`, as strings.
  private static func texts(_ value: Any?) -> [String]? {
    guard let items = value as? [Any] else { return nil }
    return items.compactMap(text)
  }

  /// A string, or an object's `text`.
  private static func text(_ value: Any?) -> String? {
    if let string = value as? String { return string }
    return (value as? [String: Any])?["text"] as? String
  }
}
