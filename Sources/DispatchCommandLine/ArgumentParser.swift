import DispatchSupport

/// The result of matching a command line against the command table.
package struct ParsedCommandLine {
  /// The command that runs, and the names leading to it (without the program's name).
  package let command: CommandSpec
  package let path: [String]
  /// Values of options that take one, as given, in the order given.
  package var values: [String: [String]] = [:]
  /// The converted values of typed options (``Option``), in the same order.
  package var converted: [String: [any Sendable]] = [:]
  /// Flags that were given.
  package var flags: Set<String> = []
  package var positionals: [String] = []
  /// The command line as given (without the program's name), to run it again later.
  package var arguments: [String] = []
}

/// Matches arguments against the command table, with "did you mean" suggestions.
///
/// Global options may stand before or after the subcommand; `--name=value` and `--name value`
/// both work; `--` ends option parsing.
package struct ArgumentParser {
  package let root: CommandSpec

  package init(root: CommandSpec) {
    self.root = root
  }

  /// Matches `arguments` and converts every typed option's values: anything wrong with the
  /// command line is found here, before the command runs.
  package func parse(_ arguments: [String]) throws(CLIError) -> ParsedCommandLine {
    var command = root
    var path: [String] = []
    var parsed = ParsedCommandLine(command: root, path: [])
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded && argument == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && argument.hasPrefix("-") && argument != "-" && !isNegativeNumber(argument)
      {
        // An option only the default subcommand has selects it: `dispatch serve --listen X`
        // is `dispatch serve start --listen X`.
        if parsed.positionals.isEmpty,
          let fallback = defaultSubcommand(of: command, taking: argument)
        {
          command = fallback
          path.append(fallback.name)
        }
        try parseOption(argument, command: command, path: path, arguments, &index, into: &parsed)
        continue
      }
      if !command.subcommands.isEmpty && parsed.positionals.isEmpty {
        guard let next = command.subcommand(named: argument) else {
          throw unknownSubcommand(argument, of: command, path: path)
        }
        command = next
        path.append(argument)
        continue
      }
      parsed.positionals.append(argument)
    }
    if !command.subcommands.isEmpty, let fallback = command.defaultSubcommand,
      !parsed.flags.contains("help"), let next = command.subcommand(named: fallback)
    {
      command = next
      path.append(fallback)
    }
    parsed = ParsedCommandLine(
      command: command, path: path, values: parsed.values, converted: parsed.converted,
      flags: parsed.flags, positionals: parsed.positionals, arguments: arguments)
    try validate(parsed)
    return parsed
  }

  /// Why `value` cannot be a path: empty (often an unset shell variable, `--store "$STORE"`)
  /// or only spaces. Such a value is a usage error for every option and argument that names a
  /// file or folder, rather than a default store silently used or a file named by spaces
  /// created (docs/cli.md#paths).
  package static func pathProblem(_ value: String) -> String? {
    if value.isEmpty { return "an empty path" }
    if value.allSatisfy(\.isWhitespace) { return "a blank path ('\(value)')" }
    return nil
  }

  private func isNegativeNumber(_ text: String) -> Bool {
    text.count > 1 && Double(text) != nil
  }

  /// The default subcommand of `command` when `argument` is an option it has and `command`
  /// has not.
  private func defaultSubcommand(of command: CommandSpec, taking argument: String) -> CommandSpec? {
    guard argument.hasPrefix("--"), let fallbackName = command.defaultSubcommand,
      let fallback = command.subcommand(named: fallbackName)
    else { return nil }
    let name = String(argument.dropFirst(2).prefix { $0 != "=" })
    let own = allOptions(of: command).contains { $0.name == name }
    let global = root.globalOptions.contains { $0.name == name }
    guard !own, !global, fallback.options.contains(where: { $0.name == name }) else { return nil }
    return fallback
  }

  private func parseOption(
    _ argument: String, command: CommandSpec, path: [String], _ arguments: [String],
    _ index: inout Int, into parsed: inout ParsedCommandLine
  ) throws(CLIError) {
    var name: String
    var inlineValue: String?
    if argument.hasPrefix("--") {
      name = String(argument.dropFirst(2))
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
    } else {
      let letters = Array(argument.dropFirst())
      let known = allOptions(of: command)
      guard letters.count == 1, let match = known.first(where: { $0.short == letters[0] }) else {
        throw usage("unknown option '\(argument)'", path)
      }
      name = match.name
    }
    if command.name == root.name && path.isEmpty && name == "version" {
      parsed.flags.insert("version")
      return
    }
    // A global option such as `--json` may stand before the subcommand it applies to; whether
    // it applies is checked once the command is known (`validate`).
    let deferred =
      command.subcommands.isEmpty ? nil : root.globalOptions.first { $0.name == name }
    guard let option = allOptions(of: command).first(where: { $0.name == name }) ?? deferred
    else {
      var message = "unknown option '--\(name)'"
      if path.isEmpty && !root.subcommands.isEmpty, root.subcommand(named: name) != nil {
        message += "; did you mean the command '\(name)'?"
      } else if let close = Suggestion.closest(to: name, in: allOptions(of: command).map(\.name)) {
        message += "; did you mean '--\(close)'?"
      }
      throw usage(message, path)
    }
    guard option.valueName != nil else {
      if inlineValue != nil {
        throw usage("option '--\(name)' takes no value", path)
      }
      parsed.flags.insert(name)
      return
    }
    let value: String
    if let inlineValue {
      value = inlineValue
    } else if index < arguments.count {
      value = arguments[index]
      index += 1
    } else {
      throw usage("option '--\(name)' needs a value \(option.valueName ?? "")", path)
    }
    if option.completion.namesPath, let problem = Self.pathProblem(value) {
      throw usage("\(problem) for --\(name): give a file or folder name", path)
    }
    if !option.isRepeatable && parsed.values[name] != nil {
      throw usage("option '--\(name)' was given twice", path)
    }
    parsed.values[name, default: []].append(value)
    if let converter = option.converter {
      do {
        parsed.converted[name, default: []].append(try converter(value))
      } catch {
        throw usage(error.message, path)
      }
    }
  }

  /// The command's own options plus the global ones (`--json` only where it applies).
  package func allOptions(of command: CommandSpec) -> [OptionSpec] {
    command.options + root.globalOptions.filter { $0.name != "json" || command.supportsJSON }
  }

  /// A usage error of the command at `path`, pointing at its help.
  private func usage(_ message: String, _ path: [String]) -> CLIError {
    CLIError.usage(message, path, root: root)
  }

  private func unknownSubcommand(_ name: String, of command: CommandSpec, path: [String])
    -> CLIError
  {
    let what = path.isEmpty ? "command" : "subcommand of '\(path.joined(separator: " "))'"
    var message = "unknown \(what) '\(name)'"
    if let close = Suggestion.closest(to: name, in: command.subcommands.map(\.name)) {
      message += "; did you mean '\(close)'?"
    }
    return usage(message, path)
  }

  private func validate(_ parsed: ParsedCommandLine) throws(CLIError) {
    if parsed.flags.contains("help") || parsed.flags.contains("version") { return }
    let command = parsed.command
    if parsed.flags.contains("json") && !command.supportsJSON && !parsed.path.isEmpty {
      throw usage(
        "unknown option '--json': '\(([root.name] + parsed.path).joined(separator: " "))' prints no data",
        parsed.path)
    }
    if command.run == nil && !command.subcommands.isEmpty {
      if parsed.path.isEmpty { return }
      throw usage(
        "'\(parsed.path.joined(separator: " "))' needs a subcommand: "
          + command.subcommands.map(\.name).joined(separator: ", "), parsed.path)
    }
    let specs = command.arguments
    let required = specs.filter { !$0.isOptional }.count
    if parsed.positionals.count < required {
      let missing = specs[parsed.positionals.count]
      throw usage("missing argument \(missing.name)", parsed.path)
    }
    for (position, value) in parsed.positionals.enumerated() {
      guard let spec = position < specs.count ? specs[position] : specs.last,
        spec.completion.namesPath, let problem = Self.pathProblem(value)
      else { continue }
      throw usage("\(problem) for \(spec.name): give a file or folder name", parsed.path)
    }
    if !(specs.last?.isVariadic ?? false) && parsed.positionals.count > specs.count {
      let extra = parsed.positionals[specs.count]
      throw usage(
        root.unexpectedArgument?(command, extra) ?? "unexpected argument '\(extra)'",
        parsed.path)
    }
  }
}
