import Dispatch
import Foundation

/// Reads independent rows on every core: a long export's rows are each parsed, dated and given
/// a SHA-1 ID without looking at the others, and a sync segment's lines each decode alone.
package enum RowReading {
  /// `transform` applied to every element, results in order. Runs in a few contiguous chunks
  /// so the work per thread is large; small inputs stay on the calling thread.
  package static func parallelMap<Element: Sendable, Output: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) -> Output
  ) -> [Output] {
    let count = elements.count
    let chunks = count < 2_000 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard chunks > 1 else { return elements.map(transform) }
    var results = [Output?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { buffer in
      // Each chunk writes only its own indices, so the writes never overlap.
      nonisolated(unsafe) let output = buffer
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let lower = count * chunk / chunks
        let upper = count * (chunk + 1) / chunks
        for index in lower..<upper { output[index] = transform(elements[index]) }
      }
    }
    return results.compactMap { $0 }
  }
}
