import DispatchCommandLine
import DispatchKit

/// `dispatch help [COMMAND…]`.
enum HelpCommand {
  static let spec: CommandSpec = CommandSpec(
    "help",
    abstract: "Show help for a command",
    arguments: [
      ArgumentSpec(
        "COMMAND", "A command, e.g. 'reports list'", optional: true, variadic: true,
        completion: .commands)
    ],
    examples: ["dispatch help", "dispatch help reports list"],
    run: run)

  static func run(_ invocation: Invocation) throws {
    var command = CommandTable.root
    var path: [String] = []
    for name in invocation.parsed.positionals {
      guard let next = command.subcommand(named: name) else {
        var message = "no help for '\((path + [name]).joined(separator: " "))': unknown command"
        if let close = Suggestion.closest(to: name, in: command.subcommands.map { $0.name }) {
          message += "; did you mean '\(close)'?"
        }
        throw CLIError.usage(message, ["help"], root: invocation.root)
      }
      command = next
      path.append(name)
    }
    let formatter = HelpFormatter(
      root: CommandTable.root, width: DispatchMain.helpWidth(invocation.environment))
    invocation.stdout.write(formatter.help(command, path: path))
  }
}

/// `dispatch completions SHELL`.
enum CompletionsCommand {
  static let spec: CommandSpec = CommandSpec(
    "completions",
    abstract: "Print a shell completion script (bash, zsh or fish)",
    discussion: """
      bash: dispatch completions bash > ~/.local/share/bash-completion/completions/dispatch
      zsh: dispatch completions zsh > ~/.zfunc/_dispatch_cli (with ~/.zfunc on fpath)
      fish: dispatch completions fish > ~/.config/fish/completions/dispatch.fish
      """,
    arguments: [
      ArgumentSpec("SHELL", "bash, zsh or fish", completion: .values(["bash", "zsh", "fish"]))
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let generator = CompletionScript(root: CommandTable.root)
    switch invocation.positional(0) ?? "" {
    case "bash": invocation.stdout.write(generator.bash())
    case "zsh": invocation.stdout.write(generator.zsh())
    case "fish": invocation.stdout.write(generator.fish())
    case let other:
      throw invocation.usage("'\(other)' is not a supported shell: use bash, zsh or fish")
    }
  }
}

/// `dispatch man`.
enum ManCommand {
  static let spec: CommandSpec = CommandSpec(
    "man",
    abstract: "Print the manual page (roff)",
    discussion: "Install it with: dispatch man > ~/.local/share/man/man1/dispatch.1",
    run: { invocation in
      invocation.stdout.write(
        ManPage(root: CommandTable.root, version: DispatchMain.version).render())
    })
}
