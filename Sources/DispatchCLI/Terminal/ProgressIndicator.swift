import DispatchCommandLine
import DispatchKit
import Foundation

/// A progress bar for long-running commands (imports, exports, rendering), drawn on standard
/// error only when it is a terminal, so pipes and logs never see it.
final class ProgressBar {
  private let label: String
  private let total: Int
  private let stream: ConsoleStream?
  private let width: Int
  private let start: UInt64
  private var lastDraw: UInt64 = 0
  private var lastPercent = -1

  /// - Parameter enabled: pass `TerminalInfo.stderrIsTTY`; when false nothing is drawn.
  init(label: String, total: Int, enabled: Bool, stream: ConsoleStream, width: Int = 80) {
    self.label = label
    self.total = max(total, 1)
    self.stream = enabled ? stream : nil
    self.width = width
    start = DispatchTime.now().uptimeNanoseconds
  }

  /// Redraws for `completed` items, at most ten times a second or when the percentage changes.
  func update(completed: Int) {
    guard let stream else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    let percent = min(completed * 100 / total, 100)
    guard percent != lastPercent || now - lastDraw > 100_000_000 else { return }
    lastPercent = percent
    lastDraw = now
    let elapsed = Double(now - start) / 1e9
    stream.writeVerbatim("\r\u{1B}[2K")
    stream.write(
      Self.render(
        label: label, completed: completed, total: total, elapsed: elapsed, width: width))
    stream.flush()
  }

  /// Clears the bar's line.
  func finish() {
    guard let stream else { return }
    stream.writeVerbatim("\r\u{1B}[2K")
    stream.flush()
  }

  /// One frame: `label [██████░░░░] 60% 6,000/10,000 · 3s left`.
  static func render(label: String, completed: Int, total: Int, elapsed: Double, width: Int)
    -> String
  {
    let fraction = min(max(Double(completed) / Double(max(total, 1)), 0), 1)
    let counts = "\(grouped(completed))/\(grouped(total))"
    var tail = " \(Int(fraction * 100))% \(counts)"
    if fraction > 0.02 && fraction < 1 {
      let remaining = elapsed / fraction - elapsed
      tail += " · \(Int(remaining.rounded()))s left"
    }
    let barWidth = max(width - label.count - tail.count - 4, 10)
    let filled = Int((fraction * Double(barWidth)).rounded(.down))
    let bar =
      String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    return "\(label) [\(bar)]\(tail)"
  }

  static func grouped(_ value: Int) -> String {
    DisplayNumber.grouped(value)
  }
}

/// A spinner for work of unknown length, drawn only on a terminal.
final class Spinner {
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  private let label: String
  private let stream: ConsoleStream?
  private var frame = 0

  init(label: String, enabled: Bool, stream: ConsoleStream) {
    self.label = label
    self.stream = enabled ? stream : nil
  }

  /// Advances one frame.
  func tick() {
    guard let stream else { return }
    stream.writeVerbatim("\r\u{1B}[2K")
    stream.write(Self.frames[frame % Self.frames.count] + " " + label)
    stream.flush()
    frame += 1
  }

  /// Clears the spinner's line.
  func finish() {
    guard let stream else { return }
    stream.writeVerbatim("\r\u{1B}[2K")
    stream.flush()
  }
}
