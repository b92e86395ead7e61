import DispatchCommandLine

extension Invocation {
  /// The width prose wraps to: the terminal's, at most 100 columns so lines stay readable.
  var proseWidth: Int {
    min(TerminalInfo.width(environment: environment), 100)
  }

  /// Prints `text` as a paragraph wrapped at word boundaries to ``proseWidth``, every line
  /// indented by `indent` spaces.
  func printParagraph(_ text: String, indent: Int = 0) {
    stdout.line(HelpFormatter.wrap(text, width: proseWidth, indent: indent))
  }

  /// Prints a bullet item: `• ` then `text`, its later lines aligned under the text.
  func printBullet(_ text: String, indent: Int = 0) {
    let wrapped = HelpFormatter.wrap(text, width: proseWidth, indent: indent + 2)
    stdout.line(String(repeating: " ", count: indent) + "•" + wrapped.dropFirst(indent + 1))
  }

  /// Prints one finding of the insights: a bold bullet title, then its detail indented, both
  /// wrapped to ``proseWidth``.
  func printFinding(title: String, detail: String) {
    let lines = HelpFormatter.wrap(title, width: proseWidth, indent: 2).split(separator: "\n")
    for (index, line) in lines.enumerated() {
      stdout.line((index == 0 ? "• " : "  ") + style.bold(String(line.dropFirst(2))))
    }
    stdout.line(HelpFormatter.wrap(detail, width: proseWidth, indent: 2))
  }
}
