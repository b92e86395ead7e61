import DispatchKit

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// One random change to a file's bytes, for the fuzz tests: a byte replaced, removed or
/// inserted, a byte the format cares about swapped in, or one of the format's own further
/// changes (`more`), each as likely as the others.
enum ByteMutation {
  /// A further kind of change: the bytes, a random index into them, the random source.
  typealias Change = @Sendable (inout [UInt8], Int, inout SplitMix64) -> Void

  /// Cuts up to 60 bytes off the end.
  static let cutEnd: Change = { bytes, _, random in
    bytes.removeLast(Int.random(in: 0...min(60, bytes.count - 1), using: &random))
  }

  static func mutate(
    _ bytes: inout [UInt8], specials: [UInt8], more: [Change], using random: inout SplitMix64
  ) {
    guard !bytes.isEmpty else { return }
    let index = Int.random(in: 0..<bytes.count, using: &random)
    switch Int.random(in: 0..<(4 + more.count), using: &random) {
    case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
    case 1: bytes.remove(at: index)
    case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
    case 3: bytes[index] = specials[Int.random(in: 0..<specials.count, using: &random)]
    case let other: more[other - 4](&bytes, index, &random)
    }
  }
}
