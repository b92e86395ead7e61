/// How a shell should complete a value.
package enum CompletionHint: Sendable {
  case none
  case file
  case directory
  /// A fixed set of words.
  case values([String])
  /// A fixed set of words, listed only when a completion script asks: building every typed
  /// option's list on each start of the program cost more than the status line's work.
  case lazyValues(@Sendable () -> [String])
  /// The names of the program's commands (for `help`).
  case commands

  /// Whether the value names a file or folder (``file`` or ``directory``): the parser refuses
  /// an empty or blank one (``ArgumentParser/pathProblem(_:)``).
  package var namesPath: Bool {
    switch self {
    case .file, .directory: return true
    case .none, .values, .lazyValues, .commands: return false
    }
  }
}

/// One `--option` a command accepts.
///
/// An option declared with a type (``Option``) carries the conversion of its text, which runs
/// while the command line is parsed: a value that does not fit is a usage error before the
/// command runs, worded from the same declaration that gives the help and the completions.
package struct OptionSpec: Sendable {
  /// Turns one value's text into the option's value, or says why it does not fit.
  package typealias Converter = @Sendable (_ text: String) throws(OptionValueError) -> any Sendable

  /// The long name without dashes, e.g. `store`.
  package let name: String
  /// A one-letter alias, e.g. `h` for `-h`.
  package let short: Character?
  /// The placeholder for the value, e.g. `PATH`; nil for a flag that takes no value.
  package let valueName: String?
  /// Whether the option may be given several times (values accumulate).
  package let isRepeatable: Bool
  package let help: String
  package let completion: CompletionHint
  /// The conversion of a typed option; nil for plain text.
  package let converter: Converter?

  package init(
    name: String, short: Character?, valueName: String?, isRepeatable: Bool, help: String,
    completion: CompletionHint, converter: Converter? = nil
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.isRepeatable = isRepeatable
    self.help = help
    self.completion = completion
    self.converter = converter
  }

  /// A flag: present or absent.
  package static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: nil, isRepeatable: false, help: help,
      completion: .none)
  }

  /// An option that takes one value, as text.
  package static func value(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    completion: CompletionHint = .none, _ help: String
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName, isRepeatable: repeatable, help: help,
      completion: completion)
  }

  /// `--name VALUE` or `--name`, as shown in usage and help.
  package var synopsis: String {
    let flagText = "--" + name
    guard let valueName else { return flagText }
    return flagText + " " + valueName
  }
}

/// Why an option's value does not fit: the usage error's message.
package struct OptionValueError: Error, Sendable {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }
}

/// One positional argument.
package struct ArgumentSpec: Sendable {
  package let name: String
  package let help: String
  package let isOptional: Bool
  /// Whether it takes every remaining positional value.
  package let isVariadic: Bool
  package let completion: CompletionHint

  package init(
    _ name: String, _ help: String, optional: Bool = false, variadic: Bool = false,
    completion: CompletionHint = .none
  ) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isVariadic = variadic
    self.completion = completion
  }

  /// `NAME`, `[NAME]`, `NAME…` as shown in usage.
  package var synopsis: String {
    var text = name
    if isVariadic { text += "…" }
    return isOptional ? "[\(text)]" : text
  }
}

/// A command of a declarative command table: help, usage, completions and the man page are
/// all generated from it.
package struct CommandSpec: Sendable {
  package typealias Runner = @Sendable (Invocation) throws -> Void

  package let name: String
  /// One line, shown in command lists.
  package let abstract: String
  /// Paragraphs shown in the command's help.
  package let discussion: String?
  package let arguments: [ArgumentSpec]
  package let options: [OptionSpec]
  package let subcommands: [CommandSpec]
  /// The subcommand run when none is named (e.g. `questions` → `questions list`).
  package let defaultSubcommand: String?
  /// Whether the command accepts `--json`.
  package let supportsJSON: Bool
  package let examples: [String]
  package let run: Runner?
  /// The options every command of the program accepts, before or after the subcommand (the
  /// root's list is the one used).
  package let globalOptions: [OptionSpec]
  /// How usage errors point at help (the root's is the one used); nil: `PROGRAM PATH --help`.
  package let helpPointer: String?
  /// How the program words a positional argument a command does not take (the root's is the
  /// one used); nil: `unexpected argument 'x'`.
  package let unexpectedArgument:
    (@Sendable (_ command: CommandSpec, _ argument: String) -> String)?

  package init(
    _ name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil,
    json: Bool = false, examples: [String] = [], globalOptions: [OptionSpec] = [],
    helpPointer: String? = nil,
    unexpectedArgument: (@Sendable (CommandSpec, String) -> String)? = nil, run: Runner? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.defaultSubcommand = defaultSubcommand
    self.supportsJSON = json
    self.examples = examples
    self.globalOptions = globalOptions
    self.helpPointer = helpPointer
    self.unexpectedArgument = unexpectedArgument
    self.run = run
  }

  /// The subcommand called `name`, if any.
  package func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// What a usage error of the command at `path` appends: ` (see 'dispatch reports --help')`.
  package func helpReference(for path: [String]) -> String {
    helpPointer ?? "see '" + ([name] + path + ["--help"]).joined(separator: " ") + "'"
  }
}
