import Foundation
import Testing

@testable import DispatchFeatures

/// The export's second thread: results come back in the order handed over, whatever each
/// takes, and stopping early never leaves the thread waiting.
@Suite("background transform")
struct BackgroundTransformTests {
  @Test func `results come back in order, each once`() {
    let transform = BackgroundTransform<Int, String>(capacity: 2) { value in
      // Uneven work, so a later item could finish before an earlier one if order slipped.
      Thread.sleep(forTimeInterval: value % 3 == 0 ? 0.002 : 0)
      return "#\(value)"
    }
    var results: [String] = []
    for value in 0..<200 {
      transform.submit(value)
      results += transform.takeReady()
    }
    results += transform.finish()
    #expect(results == (0..<200).map { "#\($0)" })
    // A second finish (the `defer` after the normal one) returns nothing and does not wait.
    #expect(transform.finish().isEmpty)
  }

  @Test func `finishing early returns what was handed over`() {
    let transform = BackgroundTransform<Int, Int>(capacity: 1) { $0 * 2 }
    transform.submit(1)
    transform.submit(2)
    #expect(transform.finish() == [2, 4])
  }
}
