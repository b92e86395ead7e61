import DispatchCommandLine
import DispatchKit
import Foundation

/// Where a chart goes: an SVG file with `--svg FILE`, else the terminal, sized to its width and
/// height.
enum ChartOutput {
  static let options: [OptionSpec] = [
    .value(
      "svg", "FILE", completion: .file,
      "Write the chart as an SVG file instead of drawing it here"),
    .value("size", "WxH", "The SVG's size in pixels (default 960x420)"),
  ]

  static func write(_ spec: ChartSpec, _ invocation: Invocation, idPrefix: String) throws {
    guard let path = invocation.value("svg") else {
      let width = min(TerminalInfo.width(environment: invocation.environment), 120)
      let height = terminalHeight(
        spec, lines: TerminalInfo.height(environment: invocation.environment))
      let charset = TerminalCharset(environment: invocation.environment)
      invocation.stdout.line(spec.terminalText(width: width, height: height, charset: charset))
      return
    }
    let (width, height) = try size(invocation)
    let svg = spec.svgString(width: width, height: height, idPrefix: idPrefix)
    do {
      // The chart shows personal data: private (0600) whatever the umask, written whole.
      try PrivateFiles.write(Array(svg.utf8), to: path)
    } catch {
      throw CLIError(.failure, error.description)
    }
    invocation.stdout.line(path)
    if !spec.hasData { invocation.note("The chart has no data; it says so.") }
  }

  /// The lines a chart may take in a terminal of `lines` (nil: not a terminal). Rows of
  /// periods and bars use the whole window but one line for the prompt, so periods are only
  /// left out when they really do not fit; without a window nothing is cut. Plots are as tall
  /// as reads well: 16 lines, up to 24 in a tall window.
  static func terminalHeight(_ spec: ChartSpec, lines: Int?) -> Int {
    switch spec.content {
    case .bands, .frequency:
      return lines.map { max(3, $0 - 1) } ?? 10_000
    case .line, .scatter, .bar:
      return min(24, max(16, (lines ?? 0) / 2))
    }
  }

  private static func size(_ invocation: Invocation) throws(CLIError) -> (Int, Int) {
    guard let text = invocation.value("size") else { return (960, 420) }
    let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, (200...4000).contains(parts[0]), (120...4000).contains(parts[1]) else {
      throw invocation.usage("'\(text)' is not a size for --size: use WxH, e.g. 960x420 (200–4000)")
    }
    return (parts[0], parts[1])
  }
}
