import DispatchKit

/// A ``CommandRunner`` that records each call and answers from a table keyed by the command
/// line (`"systemctl --user daemon-reload"`); unlisted commands succeed with no output.
final class RecordingCommandRunner: CommandRunner {
  private(set) var calls: [[String]] = []
  var answers: [String: (status: Int32, stdout: String)]

  init(_ answers: [String: (status: Int32, stdout: String)] = [:]) {
    self.answers = answers
  }

  func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
    let call = [executable] + arguments
    calls.append(call)
    return answers[call.joined(separator: " ")] ?? (0, "")
  }
}
