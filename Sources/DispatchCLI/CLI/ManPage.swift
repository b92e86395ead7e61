import DispatchCommandLine
import Foundation

/// The `dispatch(1)` manual page in roff, generated from the command table.
struct ManPage {
  let root: CommandSpec
  let version: String

  func render() -> String {
    let formatter = HelpFormatter(root: root, width: 1000)
    var out = [
      ".TH DISPATCH 1 \"\" \"dispatch \(version)\" \"User Commands\"",
      ".SH NAME",
      "dispatch \\- \(escape(root.abstract))",
      ".SH SYNOPSIS",
      ".B dispatch",
      "[\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]",
      ".SH DESCRIPTION",
      escape(root.discussion ?? root.abstract),
      ".SH COMMANDS",
    ]
    func visit(_ command: CommandSpec, _ path: [String]) {
      if command.run != nil {
        out.append(".SS \(escape(formatter.usage(command, path: path)))")
        out.append(escape(command.abstract) + ".")
        if let discussion = command.discussion {
          out.append(".PP")
          out.append(escape(discussion))
        }
        for argument in command.arguments {
          out += [".TP", "\\fI\(escape(argument.name))\\fR", escape(argument.help)]
        }
        for option in command.options {
          out += [".TP", "\\fB\(escape(formatter.optionLabel(option)))\\fR", escape(option.help)]
        }
        for example in command.examples {
          out += [".PP", ".nf", "  " + escape(example), ".fi"]
        }
      }
      for sub in command.subcommands { visit(sub, path + [sub.name]) }
    }
    for sub in root.subcommands { visit(sub, [sub.name]) }
    out.append(".SH GLOBAL OPTIONS")
    for option in GlobalOptions.all {
      out += [".TP", "\\fB\(escape(formatter.optionLabel(option)))\\fR", escape(option.help)]
    }
    out += [".TP", "\\fB\\-\\-version\\fR", "Print the version."]
    out += [
      ".SH ENVIRONMENT",
      ".TP", "\\fBDISPATCH_STORE\\fR", "The store file when \\-\\-store is not given.",
      ".TP", "\\fBXDG_DATA_HOME\\fR",
      "Base folder of the default store (dispatch/dispatch.sqlite) and the demo store (dispatch/demo.sqlite); default ~/.local/share.",
      ".TP", "\\fBNO_COLOR\\fR", "Any non-empty value turns colour off.",
      ".TP", "\\fBCOLUMNS\\fR", "Width used to wrap help text.",
      ".TP", "\\fBDISPATCH_NOW\\fR",
      "An ISO\\-8601 instant that pins the clock, for reproducible scripts.",
      ".SH FILES",
      ".TP", "\\fI$XDG_DATA_HOME/dispatch/dispatch.sqlite\\fR",
      "The store: one SQLite file, mode 0600.",
      ".SH EXIT STATUS",
      ".TP", "0", "Success.",
      ".TP", "1", "Any other failure.",
      ".TP", "64", "Usage error: unknown command, option or question; missing argument.",
      ".TP", "65",
      "Data error: a value that does not fit, a file that is not a Dispatch store or was written by a newer Dispatch.",
      ".TP", "66", "Missing input: the store or an input file does not exist or cannot be read.",
      ".TP", "130", "Cancelled by the user.",
      ".SH SEE ALSO",
      "The README and docs/ folder of the Dispatch repository.",
    ]
    return out.joined(separator: "\n") + "\n"
  }

  /// Escapes roff: backslashes, leading dots and apostrophes, hyphens, and characters outside
  /// ASCII (`…` becomes `\[u2026]`, which groff and mandoc read without a preprocessor).
  private func escape(_ text: String) -> String {
    var escaped = text.replacingOccurrences(of: "\\", with: "\\e")
      .replacingOccurrences(of: "-", with: "\\-")
    escaped = escaped.unicodeScalars.map { scalar in
      scalar.isASCII ? String(scalar) : "\\[u" + hex(scalar.value) + "]"
    }.joined()
    escaped = escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
    return escaped
  }

  /// Four or more uppercase hex digits, as roff's `\[uXXXX]` wants them.
  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
