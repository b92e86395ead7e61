import Foundation

@testable import DispatchCLI
@testable import DispatchCommandLine

/// The command lines a newcomer copies: the demo's suggestions, every command's `--help`
/// examples, and every line of a code block in the README and docs/ that runs `dispatch`. Each group runs in order, as a
/// person pasting them one after another would.
struct PastedExamples {
  /// Where a group of examples is written: `dispatch mood --help`, `README.md`, `docs/cli.md`.
  let source: String
  /// The lines, in the order they are written.
  let lines: [String]

  /// The repository this test file sits in.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every group: the command table's first, then the README, then docs/ in name order.
  static func all() throws -> [PastedExamples] {
    [demoSuggestions()] + commandExamples() + (try documentExamples())
  }

  /// The "Try next" list `dispatch demo` prints.
  static func demoSuggestions() -> PastedExamples {
    PastedExamples(
      source: "dispatch demo",
      lines: DemoCommand.suggestions(path: "demo.sqlite").map(withoutComment).filter(isRunnable))
  }

  /// One group per command whose help lists examples.
  static func commandExamples() -> [PastedExamples] {
    var groups: [PastedExamples] = []
    func visit(_ command: CommandSpec, _ path: [String]) {
      let lines = command.examples.filter(isRunnable)
      if !lines.isEmpty {
        groups.append(
          PastedExamples(
            source: (["dispatch"] + path + ["--help"]).joined(separator: " "), lines: lines))
      }
      for sub in command.subcommands { visit(sub, path + [sub.name]) }
    }
    visit(CommandTable.root, [])
    return groups
  }

  /// One group per Markdown file: the `dispatch` lines of its fenced code blocks.
  static func documentExamples() throws -> [PastedExamples] {
    let docs = repositoryRoot.appendingPathComponent("docs")
    let files = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return try (["README.md"] + files).compactMap { file in
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
      let lines = codeLines(text).map(withoutComment).filter(isRunnable)
      return lines.isEmpty ? nil : PastedExamples(source: file, lines: lines)
    }
  }

  /// The lines inside fenced code blocks, without their indentation; a line ending in `\`
  /// continues on the next.
  static func codeLines(_ markdown: String) -> [String] {
    var inside = false
    var lines: [String] = []
    var continued = ""
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inside.toggle()
      } else if inside {
        if trimmed.hasSuffix("\\") {
          continued += trimmed.dropLast().trimmingCharacters(in: .whitespaces) + " "
        } else {
          lines.append(continued + trimmed)
          continued = ""
        }
      }
    }
    return lines
  }

  /// A shell line without its trailing `# comment` (a `#` inside quotes stays).
  static func withoutComment(_ line: String) -> String {
    var quote: Character?
    var previous: Character = " "
    for (offset, character) in line.enumerated() {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "#" && previous.isWhitespace {
        return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
      }
      previous = character
    }
    return line
  }

  /// Whether a line runs `dispatch` as written: it starts with `dispatch` (after variable
  /// assignments) or pipes into it, and is not a synopsis — no placeholder a reader fills in
  /// (`<ID>`, `3F2A…`, `FILE`), no optional part in brackets, no `start|stop` alternatives.
  static func isRunnable(_ line: String) -> Bool {
    guard !line.contains("…"), !line.contains("["),
      line.range(of: #"<[A-Za-z][^<>]*>"#, options: .regularExpression) == nil
    else { return false }
    let unquoted = line.split(separator: "'", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    let synopsis = unquoted.split(separator: " ").contains { word in
      (word.contains("|") && word != "|") || word.hasPrefix("(")
        || (word.count >= 2 && word.allSatisfy { $0.isUppercase || $0 == "_" || $0 == "-" })
    }
    guard !synopsis else { return false }
    let words = line.split(separator: " ")
    guard let first = words.first(where: { !$0.contains("=") || $0.hasPrefix("-") }) else {
      return false
    }
    return first == "dispatch" || line.contains("| dispatch ")
  }
}
