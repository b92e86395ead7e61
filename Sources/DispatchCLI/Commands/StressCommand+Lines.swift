import DispatchCommandLine
import DispatchKit
import Foundation

/// The stress check-in for standard input that is not a terminal (scripts, pipes, tests).
///
/// It writes each prompt to standard error, so standard output stays clean, and reads one line
/// per answer: overall stress, then each stressor (a number 0–10, an empty line or `skip` to
/// skip, `n/a` for not applicable), then a note line. At the end of input the remaining items
/// are skipped and there is no note.
struct StressLineSurvey {
  /// The stressors asked after overall stress, in order.
  let stressors: [String]
  private let readLine: () -> String?
  private let write: (String) -> Void

  /// A survey reading standard input and writing prompts to standard error, their control
  /// characters escaped (``TerminalText``): prompts and choices may come from an import.
  init(stressors: [String]) {
    self.init(
      stressors: stressors, readLine: { Swift.readLine(strippingNewline: true) },
      write: { FileHandle.standardError.write(Data(TerminalText.escaped($0).utf8)) })
  }

  /// A survey reading lines from `readLine` (nil at the end of input), for tests.
  init(stressors: [String], readLine: @escaping () -> String?, write: @escaping (String) -> Void) {
    self.stressors = stressors
    self.readLine = readLine
    self.write = write
  }

  /// Asks every item, then the note.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) for an answer off the scale.
  func run() throws -> StressCheckInInput {
    write("Stress check-in (\(StressScale.legend))\n")
    let total = stressors.count + 1
    var input = StressCheckInInput()
    var ended = false
    for (index, subject) in (["Overall stress"] + stressors).enumerated() {
      write("\(index + 1)/\(total) \(subject) (0–10; empty line skips; n/a)\n")
      guard !ended, let line = readLine() else {
        ended = true
        if index > 0 { input.ratings.append((subject, .skipped)) }
        continue
      }
      let answer = try StressScale.parseAnswer(
        line, subject: index == 0 ? "overall stress" : "'\(subject)'")
      if index == 0 { input.overall = answer } else { input.ratings.append((subject, answer)) }
    }
    write("Note (optional; empty line for none)\n")
    if !ended, let note = readLine(), !note.isEmpty { input.note = note }
    return input
  }
}
