import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// The stress check-in fits a short terminal too: its list of answers so far keeps the latest.
struct StressScreenFitTests {
  @Test(arguments: [10, 12, 14])
  func manyStressorsFitAShortTerminal(rows: Int) {
    let stressors = (1...15).map { "Stressor \($0)" }
    var flow = StressSurveyFlow(stressors: stressors, style: .plain)
    for _ in 0..<12 { flow.handle(.enter) }
    let screen = flow.render(rows: rows, width: 80)
    #expect(screen.count <= rows)
    #expect(screen.contains { $0.hasPrefix("  Stressor 11:") })
    #expect(screen.contains { $0.contains("more") })
    #expect(screen.last?.hasPrefix("←→ or 0–10 choose") == true)
  }
}
