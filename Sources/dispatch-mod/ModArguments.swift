import DispatchKit

/// A failure `dispatch-mod` reports as one line on standard error, with an exit code that
/// follows `dispatch` (docs/cli.md): 64 usage, 65 data, 66 missing input, 1 other.
struct ModError: Error {
  let status: Int32
  let message: String
  /// Lines for standard output printed before the error (every problem `validate` found).
  var output: [String] = []

  static func usage(_ message: String) -> ModError {
    ModError(status: 64, message: message + " (see 'dispatch-mod help')")
  }

  /// The exit code and message of a library error.
  static func from(_ error: any Error) -> ModError {
    switch error {
    case let error as ModError: return error
    case let error as CatalogError:
      let status: Int32
      switch error.kind {
      case .unknownReference: status = 64
      case .invalid, .conflict: status = 65
      case .unreadable: status = 66
      case .throttled: status = 75
      case .failure: status = 1
      }
      return ModError(status: status, message: error.message)
    default: return ModError(status: 1, message: String(describing: error))
    }
  }
}

/// The command line of `dispatch-mod`: a subcommand, its positional arguments, and `--name
/// value` / `--name=value` options and flags, which may come in any order.
struct ModArguments {
  static let commands = ["list", "validate", "approve", "reject", "publish", "help"]
  static let valueOptions: Set = ["folder", "flood-threshold", "tags", "id", "reason"]
  static let flags: Set = ["allow-duplicate", "json", "help"]

  var command = "help"
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  init(_ arguments: [String]) throws(ModError) {
    var remaining = arguments[...]
    var commandSeen = false
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        if commandSeen {
          positionals.append(argument)
        } else {
          guard Self.commands.contains(argument) else {
            throw Self.unknown("command", argument, Self.commands)
          }
          command = argument
          commandSeen = true
        }
        continue
      }
      var name = String(argument.dropFirst(2))
      var inline: String?
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if Self.flags.contains(name) && inline == nil {
        flags.insert(name)
      } else if Self.valueOptions.contains(name) {
        guard let value = inline ?? remaining.popFirst() else {
          throw ModError.usage("--\(name) needs a value")
        }
        values[name] = value
      } else {
        throw Self.unknown(
          "option", "--" + name, (Self.valueOptions.union(Self.flags)).sorted().map { "--" + $0 })
      }
    }
    if flags.contains("help") { command = "help" }
  }

  /// A whole-number option of at least `minimum`.
  func integer(_ name: String, default fallback: Int, minimum: Int) throws(ModError) -> Int {
    guard let text = values[name] else { return fallback }
    guard let value = Int(text), value >= minimum else {
      throw ModError.usage(
        "'\(text)' is not valid for --\(name): expected a whole number of at least \(minimum)")
    }
    return value
  }

  /// The positional argument at `index`, or a usage error naming it.
  func required(_ index: Int, _ name: String) throws(ModError) -> String {
    guard positionals.indices.contains(index), !positionals[index].isEmpty else {
      throw ModError.usage("'\(command)' needs \(name)")
    }
    return positionals[index]
  }

  private static func unknown(_ what: String, _ text: String, _ names: [String]) -> ModError {
    if let close = Suggestion.closest(to: text, in: names) {
      return .usage("unknown \(what) '\(text)'; did you mean '\(close)'?")
    }
    return .usage("unknown \(what) '\(text)'")
  }
}
