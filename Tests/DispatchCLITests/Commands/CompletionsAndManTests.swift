import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// `dispatch completions bash|zsh|fish` and `dispatch man`.
@Suite("completions and man page")
struct CompletionsAndManTests {
  /// A command line being completed (the last word is the one under the cursor) and the
  /// candidates expected for it.
  struct Completion: Sendable, CustomTestStringConvertible {
    let words: [String]
    let expected: Set<String>
    var testDescription: String { words.joined(separator: " ") + "⇥" }
  }

  static let completions: [Completion] = [
    Completion(words: ["dispatch", "rep"], expected: ["report", "reports"]),
    Completion(
      words: ["dispatch", "questions", ""],
      expected: ["list", "add", "edit", "remove", "enable", "disable", "move"]),
    Completion(words: ["dispatch", "--store", "s.sqlite", "reports", "l"], expected: ["list"]),
    Completion(words: ["dispatch", "completions", ""], expected: ["bash", "zsh", "fish"]),
    Completion(
      words: ["dispatch", "report", "--kind", ""], expected: ["regular", "wake", "sleep"]),
    Completion(words: ["dispatch", "reports", "list", "--l"], expected: ["--limit"]),
    Completion(
      words: ["dispatch", "questions", "add", "Q", "--type", "multi"], expected: ["multipleChoice"]
    ),
  ]

  private func script(_ shell: String) throws -> String {
    let cli = try CLISandbox()
    let result = try cli.succeed(["completions", shell])
    #expect(result.stderr.isEmpty)
    return result.stdout
  }

  /// Every command node that has subcommands, with its path.
  private var parents: [([String], CommandSpec)] {
    allCommandPaths.compactMap { path in
      commandSpec(at: path).flatMap { $0.subcommands.isEmpty ? nil : (path, $0) }
    }
  }

  // MARK: - bash

  @Test func bashScriptIsValidAndMentionsEveryCommandAndOption() throws {
    let text = try script("bash")
    let bash = try #require(ExternalTool.find("bash"))
    let check = try ExternalTool.run(bash, ["-n"], stdin: text)
    #expect(check.status == 0, "\(check)")
    #expect(check.stderr.isEmpty)
    #expect(text.contains("complete -F _dispatch dispatch"))
    for (path, spec) in parents {
      let names = spec.subcommands.map(\.name).joined(separator: " ")
      #expect(text.contains("\"\(path.joined(separator: " "))\") echo \"\(names)\""))
    }
    for path in allCommandPaths {
      for option in commandSpec(at: path)?.options ?? [] {
        #expect(text.contains("--" + option.name), "no --\(option.name)")
      }
    }
  }

  @Test("bash completes", arguments: completions)
  func bashCompletes(_ completion: Completion) throws {
    let bash = try #require(ExternalTool.find("bash"))
    let words = completion.words.map { "'\($0)'" }.joined(separator: " ")
    let driver = """
      \(try script("bash"))
      COMP_WORDS=(\(words))
      COMP_CWORD=\(completion.words.count - 1)
      _dispatch
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try ExternalTool.run(bash, [], stdin: driver)
    #expect(result.status == 0, "\(result)")
    #expect(Set(result.stdoutLines.filter { !$0.isEmpty }) == completion.expected)
  }

  // MARK: - zsh

  @Test func zshScriptStructure() throws {
    let text = try script("zsh")
    #expect(text.hasPrefix("#compdef dispatch\n"))
    #expect(text.contains("bashcompinit"))
    #expect(text.contains("complete -F _dispatch_bash dispatch"))
    // `_dispatch` is a core function of zsh's completion system: never redefine it.
    #expect(!text.contains("\n_dispatch()"))
    for (_, spec) in parents {
      #expect(text.contains(spec.subcommands.map(\.name).joined(separator: " ")))
    }
  }

  @Test(.enabled(if: ExternalTool.isInstalled("zsh"))) func zshScriptIsValid() throws {
    let zsh = try #require(ExternalTool.find("zsh"))
    let result = try ExternalTool.run(zsh, ["-n"], stdin: try script("zsh"))
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty)
  }

  @Test("zsh completes", .enabled(if: ExternalTool.isInstalled("zsh")), arguments: completions)
  func zshCompletes(_ completion: Completion) throws {
    let zsh = try #require(ExternalTool.find("zsh"))
    let words = completion.words.map { "'\($0)'" }.joined(separator: " ")
    // What `_bash_complete` does around the function; zsh itself filters by the prefix.
    let driver = """
      autoload -U compinit && compinit -u -D
      \(try script("zsh"))
      complete_words() {
        emulate -L sh
        setopt kshglob noshglob braceexpand
        COMP_WORDS=("$@")
        COMP_CWORD=$(( $# - 1 ))
        COMPREPLY=()
        _dispatch_bash
        printf '%s\\n' "${COMPREPLY[@]}"
      }
      complete_words \(words)
      """
    let result = try ExternalTool.run(zsh, ["-f"], stdin: driver)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    let prefix = completion.words.last ?? ""
    let candidates = result.stdoutLines.filter { !$0.isEmpty && $0.hasPrefix(prefix) }
    #expect(Set(candidates) == completion.expected)
  }

  // MARK: - fish

  @Test func fishScriptStructure() throws {
    let text = try script("fish")
    #expect(text.hasPrefix("# fish completion for dispatch"))
    #expect(text.contains("complete -c dispatch -f\n"))
    for path in allCommandPaths where !path.isEmpty {
      let parent = path.dropLast().joined(separator: " ")
      #expect(
        text.contains("test (__dispatch_path) = '\(parent)'\" -a \(path.last ?? "")"),
        "no completion for \(path)")
    }
  }

  @Test(.enabled(if: ExternalTool.isInstalled("fish"))) func fishScriptIsValid() throws {
    let fish = try #require(ExternalTool.find("fish"))
    let result = try ExternalTool.run(fish, ["--no-execute"], stdin: try script("fish"))
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty)
  }

  @Test("fish completes", .enabled(if: ExternalTool.isInstalled("fish")), arguments: completions)
  func fishCompletes(_ completion: Completion) throws {
    let fish = try #require(ExternalTool.find("fish"))
    let folder = try CLISandbox()
    let scriptPath = folder.path("dispatch.fish")
    try Data(try script("fish").utf8).write(to: URL(fileURLWithPath: scriptPath))
    let line = completion.words.joined(separator: " ")
    let result = try ExternalTool.run(
      fish, ["--no-config", "-c", "source \(scriptPath); complete -C \"\(line)\""])
    #expect(result.status == 0, "\(result)")
    let candidates = result.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
    #expect(Set(candidates) == completion.expected)
  }

  @Test func badShell() throws {
    let cli = try CLISandbox()
    try cli.fail(["completions", "powershell"], status: 64, message: "use bash, zsh or fish")
  }

  // MARK: - man

  @Test func manPageHasEveryCommand() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["man"])
    #expect(result.stderr.isEmpty)
    let page = result.stdout
    #expect(page.hasPrefix(".TH DISPATCH 1 \"\" \"dispatch \(DispatchMain.version)\""))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "ENVIRONMENT", "EXIT STATUS",
    ] {
      #expect(page.contains("\n.SH \(section)\n"), "no section \(section)")
    }
    for path in allCommandPaths where commandSpec(at: path)?.run != nil {
      // roff escapes hyphens: `delete-all` is written `delete\-all`.
      let name = (["dispatch"] + path).joined(separator: " ")
        .replacingOccurrences(of: "-", with: "\\-")
      #expect(page.contains("\n.SS \(name)"), "no entry for \(name)")
    }
    for variable in ["DISPATCH_STORE", "XDG_DATA_HOME", "NO_COLOR", "DISPATCH_NOW"] {
      #expect(page.contains(variable))
    }
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "roff input should be ASCII")
  }

  @Test(.enabled(if: ExternalTool.isInstalled("groff"))) func manPageRendersWithoutWarnings() throws
  {
    let groff = try #require(ExternalTool.find("groff"))
    let page = try CLISandbox().succeed(["man"]).stdout
    let result = try ExternalTool.run(groff, ["-man", "-Tutf8", "-ww", "-P-cbou"], stdin: page)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(result.stdout.contains("dispatch reports show [--json] ID"))
    #expect(result.stdout.contains("--answer PROMPT_OR_ID=VALUE …"))
  }
}
