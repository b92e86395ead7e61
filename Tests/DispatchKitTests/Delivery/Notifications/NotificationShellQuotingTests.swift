import DispatchKit
import Testing

/// The single shell-quoting helper every generated script uses.
struct NotificationShellQuotingTests {
  static let hostile = [
    "", "plain", "it's", "''", "a\"b", "$(echo pwned)", "`echo pwned`", "a; echo pwned",
    "line\nbreak", "tab\there", "back\\slash \\n", "$HOME ${HOME}", "*", "-n", "'\u{301}x",
    "naïve ☕️", "a' 'b",
  ]

  @Test func `a quote closes, escapes and reopens`() {
    #expect(ShellQuoting.quote("it's") == #"'it'\''s'"#)
    #expect(ShellQuoting.quote("") == "''")
    #expect(ShellQuoting.command(["a b", "c"]) == "'a b' 'c'")
  }

  @Test func `the shell passes every quoted value through unchanged`() throws {
    let script = "printf '%s\\0' " + ShellQuoting.command(Self.hostile)
    let runner = ProcessCommandRunner(environment: ["PATH": "/usr/bin:/bin", "HOME": "/nowhere"])
    let result = try runner.run("/bin/sh", ["-c", script])
    #expect(result.status == 0)
    #expect(
      result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(
        String.init) == Self.hostile)
  }

  @Test func `a readable command quotes only the words that need it`() {
    #expect(
      ShellQuoting.readableCommand([
        "/usr/bin/dispatch", "--store", "/a b/it's.sqlite", "daemon", "",
      ])
        == "/usr/bin/dispatch --store '/a b/it'\\''s.sqlite' daemon ''")
  }
}
