/// Gives each distinct byte string a small integer, so the millions of repeated type, source, unit
/// and key strings of an export become `String`s once each
/// (docs/formats/apple-health.md#storage-shape). Open addressing over FNV-1a hashes; the bytes live
/// in one arena.
struct ByteInterner {
  /// The strings by their number, in first-seen order.
  private(set) var strings: [String] = []
  private var arena: [UInt8] = []
  /// Per string: where its bytes start in the arena and how many.
  private var spans: [(start: Int, count: Int)] = []
  /// Slots holding a string number plus one; 0 is empty.
  private var slots: [Int32]
  private var hashes: [UInt64] = []

  init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
  }

  /// How many distinct strings it holds.
  var count: Int { strings.count }

  /// The number of `bytes`, adding them when new.
  mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let hash = Self.hash(bytes)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      let id = Int(entry - 1)
      if hashes[id] == hash && matches(id, bytes) { return Int32(id) }
      slot = (slot + 1) & mask
    }
    let id = Int32(strings.count)
    spans.append((arena.count, bytes.count))
    arena.append(contentsOf: bytes)
    hashes.append(hash)
    strings.append(String(decoding: bytes, as: UTF8.self))
    slots[slot] = id + 1
    if strings.count * 2 > slots.count { rehash() }
    return id
  }

  /// The number of `text`, adding it when new.
  mutating func intern(_ text: String) -> Int32 {
    var copy = text
    return copy.withUTF8 { intern($0) }
  }

  private func matches(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let span = spans[id]
    guard span.count == bytes.count else { return false }
    return arena.withUnsafeBufferPointer { stored in
      var index = 0
      while index < span.count {
        if stored[span.start + index] != bytes[index] { return false }
        index += 1
      }
      return true
    }
  }

  private mutating func rehash() {
    var larger = [Int32](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for id in 0..<strings.count {
      var slot = Int(truncatingIfNeeded: hashes[id]) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = Int32(id + 1)
    }
    slots = larger
  }

  /// FNV-1a, 64-bit.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
