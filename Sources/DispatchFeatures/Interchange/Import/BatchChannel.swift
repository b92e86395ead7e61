import Foundation

/// Hands parsed batches from the thread that reads a file to the thread that writes them, a
/// few at a time: reading the next rows overlaps writing the last ones (the two cores each do
/// one), and at most `capacity` parsed batches wait in memory.
package final class BatchChannel<Item: Sendable>: @unchecked Sendable {
  // @unchecked: every stored property is read and written with `condition` locked.
  private let condition = NSCondition()
  private let capacity: Int
  /// Sent items; taken ones are set to nil so their memory goes at once.
  private var waiting: [Item?] = []
  private var head = 0
  private var producerDone = false
  private var producerError: (any Error)?
  private var consumerStopped = false

  init(capacity: Int) {
    precondition(capacity > 0, "a channel holds at least one item")
    self.capacity = capacity
  }

  /// Producer side: waits while the channel is full. False once the consumer has stopped; the
  /// producer should then stop too (what it sends is dropped).
  func send(_ item: Item) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while waiting.count - head >= capacity && !consumerStopped { condition.wait() }
    guard !consumerStopped else { return false }
    waiting.append(item)
    condition.broadcast()
    return true
  }

  /// Producer side: nothing more will come; `error`, if any, is what the consumer's next
  /// ``receive()`` throws once the items before it are taken.
  func finish(throwing error: (any Error)? = nil) {
    condition.lock()
    producerDone = true
    producerError = error
    condition.broadcast()
    condition.unlock()
  }

  /// Consumer side: the next item, waiting for it; nil after the last one.
  /// - Throws: the error the producer finished with.
  func receive() throws -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while head == waiting.count && !producerDone { condition.wait() }
    if head < waiting.count {
      let item = waiting[head]
      waiting[head] = nil
      head += 1
      // A producer that keeps the channel full never lets it drain: drop the taken slots
      // now and then, or the array would grow by one slot per item.
      if head == waiting.count || head >= 64 {
        waiting.removeFirst(head)
        head = 0
      }
      condition.broadcast()
      return item
    }
    if let producerError { throw producerError }
    return nil
  }

  /// Consumer side: stops taking items, so a waiting or later ``send(_:)`` returns false.
  func stop() {
    condition.lock()
    consumerStopped = true
    waiting.removeAll()
    head = 0
    condition.broadcast()
    condition.unlock()
  }

  /// Runs `produce` on a thread of its own while `consume` takes its items on this one, in
  /// the order sent, and returns once both are done.
  ///
  /// - Throws: the consumer's error (the producer is stopped and waited for); `next` throws
  ///   the producer's error once the items sent before it are taken.
  static func pipe<Result>(
    capacity: Int, produce: @escaping @Sendable (_ send: @escaping (Item) -> Bool) throws -> Void,
    consume: (_ next: () throws -> Item?) throws -> Result
  ) throws -> Result {
    let channel = BatchChannel(capacity: capacity)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      do {
        try produce(channel.send)
        channel.finish()
      } catch {
        channel.finish(throwing: error)
      }
      done.signal()
    }
    // Parsing builds deep value trees; the default 512 KiB secondary-thread stack is small.
    thread.stackSize = 8 << 20
    thread.start()
    defer {
      // A consumer that returns or throws early must not leave the producer blocked.
      channel.stop()
      done.wait()
    }
    return try consume(channel.receive)
  }
}
