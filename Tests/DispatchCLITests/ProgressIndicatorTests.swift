import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct ProgressIndicatorTests {
  @Test func `a frame shows the bar, percentage, counts and time left`() {
    let frame = ProgressBar.render(
      label: "Importing", completed: 6_000, total: 10_000, elapsed: 3, width: 60)
    #expect(frame.hasPrefix("Importing ["))
    #expect(frame.contains("] 60% 6,000/10,000 · 2s left"))
    #expect(frame.count <= 60)
  }

  @Test func `the bar is filled in proportion and never overflows`() {
    let half = ProgressBar.render(label: "x", completed: 5, total: 10, elapsed: 1, width: 40)
    let filled = half.filter { $0 == "█" }.count
    let empty = half.filter { $0 == "░" }.count
    #expect(filled == empty)
    let over = ProgressBar.render(label: "x", completed: 15, total: 10, elapsed: 1, width: 40)
    #expect(!over.contains("░"))
    #expect(over.contains("100%"))
  }

  @Test func `no time estimate at the very start or the end`() {
    let start = ProgressBar.render(label: "x", completed: 0, total: 10, elapsed: 0, width: 50)
    let done = ProgressBar.render(label: "x", completed: 10, total: 10, elapsed: 4, width: 50)
    #expect(!start.contains("left"))
    #expect(!done.contains("left"))
  }

  @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567")])
  func `counts are grouped by thousands`(value: Int, text: String) {
    #expect(ProgressBar.grouped(value) == text)
  }

  @Test(arguments: [false, true])
  func `the bar and spinner draw only when enabled`(enabled: Bool) throws {
    let written = try captured { stream in
      let bar = ProgressBar(label: "x", total: 10, enabled: enabled, stream: stream)
      bar.update(completed: 5)
      bar.finish()
      let spinner = Spinner(label: "y", enabled: enabled, stream: stream)
      spinner.tick()
      spinner.finish()
    }
    #expect(written.isEmpty == !enabled)
    if enabled {
      #expect(written.contains("50%"))
      #expect(written.contains(Spinner.frames[0] + " y"))
      #expect(written.hasSuffix("\r\u{1B}[2K"))
    }
  }

  /// Runs `body` with a stream whose bytes land in a pipe, and returns them.
  private func captured(_ body: (ConsoleStream) -> Void) throws -> String {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let stream = ConsoleStream(descriptor: descriptors[1])
    body(stream)
    stream.flush()
    close(descriptors[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptors[0], &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    close(descriptors[0])
    return String(decoding: bytes, as: UTF8.self)
  }
}
