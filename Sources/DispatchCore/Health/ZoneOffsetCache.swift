import Foundation

/// UTC offsets of a time zone, looked up once per quarter hour of time: every clock change on
/// record falls on a quarter hour, so instants in the same quarter share an offset. Summing a
/// type's samples per local day asks for hundreds of thousands of offsets.
public struct ZoneOffsetCache {
  private let zone: TimeZone
  private var offsets: [Int64: Int32] = [:]

  public init(_ zone: TimeZone) {
    self.zone = zone
  }

  /// The offset in seconds at `milliseconds` since the epoch.
  public mutating func offset(at milliseconds: Int64) -> Int32 {
    let quarter = milliseconds.floorDivided(by: 900_000).quotient
    if let known = offsets[quarter] { return known }
    let date = Date(timeIntervalSince1970: Double(quarter * 900))
    let offset = Int32(zone.secondsFromGMT(for: date))
    offsets[quarter] = offset
    return offset
  }

  /// Days since 1970-01-01 of the local date at `milliseconds`.
  public mutating func localDay(at milliseconds: Int64) -> Int {
    let local = milliseconds + Int64(offset(at: milliseconds)) * 1000
    return Int(local.floorDivided(by: 86_400_000).quotient)
  }
}
