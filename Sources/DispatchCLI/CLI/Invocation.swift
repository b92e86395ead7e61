import DispatchKit
import Foundation

/// Everything a command needs: its parsed arguments, the environment, the terminal and output.
final class Invocation {
  let parsed: ParsedCommandLine
  let environment: [String: String]
  let terminal: TerminalInfo
  let stdout: ConsoleStream
  let stderr: ConsoleStream
  let style: TextStyle

  init(
    parsed: ParsedCommandLine, environment: [String: String], stdout: ConsoleStream,
    stderr: ConsoleStream
  ) {
    self.parsed = parsed
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    terminal = TerminalInfo(
      environment: environment, noColorFlag: parsed.flags.contains("no-color"))
    style = TextStyle(enabled: terminal.colorEnabled)
  }

  // MARK: - Arguments

  /// Whether `--json` was given.
  var wantsJSON: Bool { parsed.flags.contains("json") }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { parsed.flags.contains(name) }

  /// The value of a single-valued option.
  func value(_ name: String) -> String? { parsed.values[name]?.last }

  /// Every value of a repeatable option, in order.
  func values(_ name: String) -> [String] { parsed.values[name] ?? [] }

  /// The positional argument at `index`, if given.
  func positional(_ index: Int) -> String? {
    parsed.positionals.indices.contains(index) ? parsed.positionals[index] : nil
  }

  /// A whole-number option, checked against a range.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      let expected =
        range.upperBound == Int.max
        ? "a whole number of at least \(range.lowerBound)"
        : "a whole number from \(range.lowerBound) to \(range.upperBound)"
      throw usage("'\(text)' is not valid for --\(name): expected \(expected)")
    }
    return number
  }

  /// A decimal-number option.
  func number(_ name: String) throws(CLIError) -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite else {
      throw usage("'\(text)' is not valid for --\(name): expected a number")
    }
    return number
  }

  /// A usage error for this command.
  func usage(_ message: String) -> CLIError {
    CLIError.usage(message, parsed.path)
  }

  /// The usage error for a word that is not one of `names`: `<subject>; did you mean 'x'?`
  /// when one is close, else `<subject><separator>use one of a, b, c`.
  func unknownChoice(
    _ subject: String, _ text: String, among names: [String], separator: String = "; "
  )
    -> CLIError
  {
    if let close = Suggestion.closest(to: text, in: names) {
      return usage("\(subject); did you mean '\(close)'?")
    }
    return usage("\(subject)\(separator)use one of \(names.joined(separator: ", "))")
  }

  // MARK: - Store

  /// The store path this command uses.
  var storePath: String {
    StoreLocation.resolve(option: value("store"), environment: environment)
  }

  /// Opens the store: writers create it when missing, readers fail with exit 66.
  ///
  /// A store this command created is deleted again if the command fails
  /// (``discardCreatedStore()``), so a failed command leaves nothing behind.
  func openStore(_ access: DispatchStore.Access) throws -> DispatchStore {
    let path = storePath
    let existed = FileManager.default.fileExists(atPath: path)
    do {
      let store = try DispatchStore(
        path: path, access: access, clock: SystemWallClock(environment: environment))
      if !existed && access == .write { createdStorePath = path }
      return store
    } catch let error as StoreError where error.kind == .missingStore && !existed {
      throw CLIError(
        .noInput,
        "no store at '\(path)'; run 'dispatch init' or 'dispatch demo' first, or pass --store")
    }
  }

  /// The store file this command created, if any.
  private(set) var createdStorePath: String?

  /// Removes a store this command created (with its -wal and -shm files).
  func discardCreatedStore() {
    guard let path = createdStorePath else { return }
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    createdStorePath = nil
  }

  /// What the library's workflows need from this process: the environment and the store path.
  var serviceEnvironment: ServiceEnvironment {
    ServiceEnvironment(variables: environment, storePath: storePath)
  }

  // MARK: - Output

  /// Prints the warnings of follow-up work that failed without undoing the command.
  func warn(_ warnings: [String]) {
    for warning in warnings { note("dispatch: warning: " + warning) }
  }

  /// Writes a JSON document to standard output.
  func printJSON(_ value: JSONValue) {
    JSONWriter.write(value, style: .pretty) { stdout.write($0) }
    stdout.line()
  }

  /// Writes a message for people to standard error (keeps stdout clean under `--json`).
  func note(_ text: String) {
    stderr.line(text)
  }
}
