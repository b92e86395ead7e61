import DispatchCommandLine

/// Options every command of `dispatch` accepts, before or after the subcommand.
enum GlobalOptions {
  static let store = OptionSpec.value(
    "store", "PATH", completion: .file,
    "The store file (default: $DISPATCH_STORE, else $XDG_DATA_HOME/dispatch/dispatch.sqlite)")
  static let json = OptionSpec.flag(
    "json", "Print JSON on standard output (commands that print data)")
  static let noColor = OptionSpec.flag("no-color", "Never use colour (also: NO_COLOR=1)")
  static let help = OptionSpec.flag("help", short: "h", "Show help for the command")

  static let all = [store, json, noColor, help]
}
