import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The hand-over between the thread that reads an import and the one that writes it.
struct BatchChannelTests {
  struct Stop: Error, Equatable {}

  @Test func `items arrive in order and the consumer's result is returned`() throws {
    let total = try BatchChannel<Int>.pipe(
      capacity: 2,
      produce: { send in
        for value in 1...1_000 { _ = send(value) }
      },
      consume: { next in
        var seen: [Int] = []
        while let value = try next() { seen.append(value) }
        return seen
      })
    #expect(total == Array(1...1_000))
  }

  @Test func `a producer error comes after the items sent before it`() throws {
    var seen: [Int] = []
    #expect(throws: Stop()) {
      try BatchChannel<Int>.pipe(
        capacity: 1,
        produce: { send in
          for value in 1...3 { _ = send(value) }
          throw Stop()
        },
        consume: { next in
          while let value = try next() { seen.append(value) }
        })
    }
    #expect(seen == [1, 2, 3])
  }

  @Test func `a consumer error stops a producer that would go on forever`() throws {
    let refused = Counter()
    #expect(throws: Stop()) {
      try BatchChannel<Int>.pipe(
        capacity: 2,
        produce: { send in
          var value = 0
          while send(value) { value += 1 }
          refused.add()
        },
        consume: { next in
          while let value = try next() {
            if value == 5 { throw Stop() }
          }
        })
    }
    // pipe returns only once the producer has seen the refusal and ended.
    #expect(refused.value == 1)
  }

  @Test func `a consumer that returns early does not leave the producer waiting`() throws {
    let first = try BatchChannel<Int>.pipe(
      capacity: 1,
      produce: { send in
        var value = 0
        while send(value) { value += 1 }
      },
      consume: { next in try next() })
    #expect(first == 0)
  }

  @Test func `no more than the capacity waits unconsumed`() throws {
    let sent = Counter()
    try BatchChannel<Int>.pipe(
      capacity: 3,
      produce: { send in
        for value in 0..<20 {
          guard send(value) else { return }
          sent.add()
        }
      },
      consume: { next in
        while let value = try next() {
          // Give the producer time to run ahead as far as it can.
          Thread.sleep(forTimeInterval: 0.002)
          #expect(sent.value <= value + 1 + 3)
        }
      })
    #expect(sent.value == 20)
  }
}

extension BatchChannelTests {
  /// An item that counts how many of its kind are alive.
  final class Tracked: @unchecked Sendable {
    // @unchecked: it holds only a reference to the thread-safe counter.
    let alive: Counter
    init(_ alive: Counter) {
      self.alive = alive
      alive.add()
    }
    deinit { alive.remove() }
  }

  @Test func `taken items are let go even when the producer keeps the channel full`() throws {
    let alive = Counter()
    var most = 0
    try BatchChannel<Tracked>.pipe(
      capacity: 2,
      produce: { send in
        for _ in 0..<2_000 { guard send(Tracked(alive)) else { return } }
      },
      consume: { next in
        while try next() != nil {
          most = max(most, alive.value)
        }
      })
    // The channel's two, the one being sent and the one just taken: never the whole stream.
    #expect(most <= 5)
    #expect(alive.value == 0)
  }
}

/// A thread-safe count for the tests above.
final class Counter: @unchecked Sendable {
  // @unchecked: `count` is only touched with `lock` held.
  private let lock = NSLock()
  private var count = 0

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  func remove() {
    lock.lock()
    count -= 1
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
