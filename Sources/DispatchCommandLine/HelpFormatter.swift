/// Generates help and usage text from a command table (any program: `dispatch`, `dispatch-mod`).
package struct HelpFormatter {
  package let root: CommandSpec
  /// Wrap width; help is deterministic at a given width.
  package let width: Int

  package init(root: CommandSpec, width: Int) {
    self.root = root
    self.width = width
  }

  /// The usage line: `dispatch reports list [--from DATE] … [--json]`.
  package func usage(_ command: CommandSpec, path: [String]) -> String {
    var parts = [root.name] + path
    if !command.subcommands.isEmpty && command.run == nil {
      parts.append("<subcommand>")
    }
    for option in command.options {
      parts.append(option.isRepeatable ? "[\(option.synopsis) …]" : "[\(option.synopsis)]")
    }
    if command.supportsJSON { parts.append("[--json]") }
    parts += command.arguments.map(\.synopsis)
    return parts.joined(separator: " ")
  }

  /// The full help of a command.
  package func help(_ command: CommandSpec, path: [String]) -> String {
    var sections: [String] = []
    let overview = "OVERVIEW: "
    sections.append(
      overview + wrap(command.abstract, indent: overview.count).dropFirst(overview.count))
    if let discussion = command.discussion {
      sections.append(wrap(discussion, indent: 0))
    }
    sections.append(wrappedUsage(command, path: path))
    let arguments = command.arguments.map { ($0.name, $0.help) }
    var options = command.options.map { (optionLabel($0), $0.help) }
    if command.supportsJSON {
      options.append(("--json", root.globalOptions.first { $0.name == "json" }?.help ?? ""))
    }
    var globalRows = root.globalOptions.filter { $0.name != "json" }.map {
      (optionLabel($0), $0.help)
    }
    if path.isEmpty { globalRows.append(("--version", "Show the version")) }
    // Arguments and both option tables share one column so their descriptions line up.
    let column = labelColumn(arguments + options + globalRows)
    if !arguments.isEmpty {
      sections.append("ARGUMENTS:\n" + table(arguments, column: column))
    }
    if !options.isEmpty {
      sections.append("OPTIONS:\n" + table(options, column: column))
    }
    sections.append("GLOBAL OPTIONS:\n" + table(globalRows, column: column))
    if !command.subcommands.isEmpty {
      var rows = command.subcommands.map { ($0.name, $0.abstract) }
      if let fallback = command.defaultSubcommand,
        let index = rows.firstIndex(where: { $0.0 == fallback })
      {
        rows[index].0 += " (default)"
      }
      sections.append(
        (path.isEmpty ? "COMMANDS:\n" : "SUBCOMMANDS:\n") + table(rows, column: labelColumn(rows)))
    }
    if !command.examples.isEmpty {
      sections.append("EXAMPLES:\n" + command.examples.map { "  " + $0 }.joined(separator: "\n"))
    }
    if !command.subcommands.isEmpty {
      let prefix = ([root.name] + path).joined(separator: " ")
      sections.append(
        "See '\(prefix) <\(path.isEmpty ? "command" : "subcommand")> --help' for details.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  package func optionLabel(_ option: OptionSpec) -> String {
    var label = option.short.map { "-\($0), " } ?? ""
    label += option.synopsis
    if option.isRepeatable { label += " …" }
    return label
  }

  /// The usage line wrapped to the width: continuation lines line up after the command name,
  /// and a bracketed option is never split.
  package func wrappedUsage(_ command: CommandSpec, path: [String]) -> String {
    let name = ([root.name] + path).joined(separator: " ")
    let lead = "USAGE: " + name
    let words = usage(command, path: path).dropFirst(name.count)
    var parts: [String] = []
    var depth = 0
    for word in words.split(separator: " ") {
      if depth > 0, let last = parts.popLast() {
        parts.append(last + " " + word)
      } else {
        parts.append(String(word))
      }
      depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
    }
    let indent = lead.count + 1 <= width / 2 ? lead.count + 1 : 8
    var lines: [String] = []
    var current = lead
    for part in parts {
      if current.count + 1 + part.count > width {
        lines.append(current)
        current = String(repeating: " ", count: indent) + part
      } else {
        current += " " + part
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// Where descriptions start in a two-column table: after the longest label that fits in 26
  /// columns. Longer labels get a line of their own and do not widen the table.
  private func labelColumn(_ rows: [(String, String)]) -> Int {
    let fitting = rows.map(\.0.count).filter { $0 <= 26 }
    return max(fitting.max() ?? 0, 8) + 4
  }

  private func table(_ rows: [(String, String)], column: Int) -> String {
    rows.map { label, text in
      let lead = "  " + label
      let body = wrap(text, indent: column + 2)
      if lead.count + 2 <= column + 2 {
        let padding = String(repeating: " ", count: column + 2 - lead.count)
        return lead + padding + body.drop { $0 == " " }
      }
      return lead + "\n" + body
    }.joined(separator: "\n")
  }

  /// Wraps words to the width, indenting every line.
  package func wrap(_ text: String, indent: Int) -> String {
    Self.wrap(text, width: width, indent: indent)
  }

  /// Wraps words to `width` columns, indenting every line.
  package static func wrap(_ text: String, width: Int, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var paragraphs: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var lines: [String] = []
      var current = ""
      for word in paragraph.split(separator: " ") {
        if !current.isEmpty && indent + current.count + 1 + word.count > width {
          lines.append(pad + current)
          current = String(word)
        } else {
          current += current.isEmpty ? String(word) : " " + word
        }
      }
      lines.append(pad + current)
      paragraphs.append(lines.joined(separator: "\n"))
    }
    return paragraphs.joined(separator: "\n")
  }
}
