import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Benjamini–Hochberg over every p-value of one drill-in (docs/insights.md#drill-in-rules).
struct DrillInMultipleTestingTests {
  private func candidate(_ name: String, p: Double, magnitude: Double = 0.8) -> DrillInCandidate {
    DrillInCandidate(
      id: name, title: "Finding \(name)", detail: "detail", name: name, sampleCount: 40,
      magnitude: magnitude, p: p, passesFloor: true)
  }

  @Test func `a lone p of 0.01 is a finding on its own`() {
    let rows = DrillInEngine.rows(of: [candidate("weak", p: 0.01)])
    #expect(rows.map(\.status) == [.finding])
  }

  @Test func `the same p among thirty nulls is removed by Benjamini–Hochberg`() {
    let nulls = (0..<30).map { candidate("null\($0)", p: 0.4 + Double($0) / 100) }
    let rows = DrillInEngine.rows(of: [candidate("weak", p: 0.01)] + nulls)
    #expect(rows.allSatisfy { $0.status == .noReliableLink })
    #expect(rows.contains { $0.insight.title == "weak" })
  }

  @Test func `a strong p survives the same correction, and the effect floor still applies`() {
    var small = candidate("small", p: 0.0001)
    small.passesFloor = false
    let nulls = (0..<30).map { candidate("null\($0)", p: 0.5) }
    let rows = DrillInEngine.rows(of: [candidate("strong", p: 0.0001), small] + nulls)
    #expect(rows.filter { $0.status == .finding }.map(\.insight.title) == ["Finding strong"])
  }

  @Test func `findings sort by magnitude, then title`() {
    let rows = DrillInEngine.rows(of: [
      candidate("b", p: 0.001, magnitude: 0.5), candidate("a", p: 0.001, magnitude: 0.5),
      candidate("c", p: 0.001, magnitude: 0.9),
    ])
    #expect(rows.map(\.insight.title) == ["Finding c", "Finding a", "Finding b"])
  }
}
