import Foundation

/// Runs `transform` on a thread of its own over the items the calling thread hands it, in
/// order, while the caller makes the next ones: reading a page of reports from the store
/// overlaps encoding the last page (the two cores each do one). The caller keeps whatever
/// is not thread-safe — the store, the output — and collects the results as they are done.
/// At most `capacity` items wait to be transformed.
final class BackgroundTransform<Input: Sendable, Output: Sendable>: @unchecked Sendable {
  // @unchecked: every stored property but the constants is used with `condition` locked.
  private let condition = NSCondition()
  private let capacity: Int
  private let transform: @Sendable (Input) -> Output
  private var inputs: [Input] = []
  private var outputs: [Output] = []
  private var finished = false
  private var joined = false
  private let done = DispatchSemaphore(value: 0)

  init(capacity: Int, transform: @escaping @Sendable (Input) -> Output) {
    precondition(capacity > 0, "a transform holds at least one item")
    self.capacity = capacity
    self.transform = transform
    let thread = Thread { [self] in self.work() }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Hands `input` over, waiting while `capacity` items are already waiting.
  func submit(_ input: Input) {
    condition.lock()
    while inputs.count >= capacity { condition.wait() }
    inputs.append(input)
    condition.broadcast()
    condition.unlock()
  }

  /// The results done so far, in order, without waiting.
  func takeReady() -> [Output] {
    condition.lock()
    defer { condition.unlock() }
    let ready = outputs
    outputs.removeAll()
    return ready
  }

  /// Waits until every item handed over is transformed, stops the thread, and returns the
  /// results not taken yet, in order. Call it once the last item is in, and on every early
  /// exit too (a `defer`), or the thread waits for ever; later calls return what is left.
  @discardableResult
  func finish() -> [Output] {
    condition.lock()
    finished = true
    condition.broadcast()
    let mustJoin = !joined
    joined = true
    condition.unlock()
    if mustJoin { done.wait() }
    return takeReady()
  }

  private func work() {
    condition.lock()
    while true {
      while inputs.isEmpty && !finished { condition.wait() }
      guard !inputs.isEmpty else { break }
      let input = inputs.removeFirst()
      condition.broadcast()
      condition.unlock()
      let output = transform(input)
      condition.lock()
      outputs.append(output)
    }
    condition.unlock()
    done.signal()
  }
}
