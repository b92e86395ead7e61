import DispatchCore
import DispatchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Open-Meteo's answers kept for the hour, one file per place and UTC hour, so several
/// reports in an hour send one request (the model updates hourly at best), and a report filed
/// offline soon after another still has its weather.
///
/// The files say where the user was and when, so the folder is 0700 and each file 0600 from
/// the moment it exists; files are written whole (a temporary file renamed into place) so a
/// reader never sees half an answer, and a day's worth at most is kept.
package struct WeatherCache {
  static let prefix = "open-meteo-"
  /// How long a file is kept after its hour.
  static let keptHours = 24

  let folder: String

  /// The file for a place (its coordinates as sent) in an hour since 1970, e.g.
  /// "open-meteo-52.52_13.40-2026030410.json".
  static func fileName(latitude: String, longitude: String, hour: Int) -> String {
    "\(prefix)\(latitude)_\(longitude)-\(hourStamp(hour)).json"
  }

  /// Hours since 1970 in UTC for `instant`.
  static func hour(of instant: Instant) -> Int {
    Int(instant.milliseconds.floorDivided(by: 3_600_000).quotient)
  }

  /// "2026030410" for an hour since 1970.
  static func hourStamp(_ hour: Int) -> String {
    let time = CivilTime(milliseconds: Int64(hour) * 3_600_000, offsetSeconds: 0)
    return String(format: "%04d%02d%02d%02d", time.year, time.month, time.day, time.hour)
  }

  /// The cached body for `name`, or nil when there is none or it cannot be read.
  func body(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
  }

  /// Keeps `body` as `name`, replacing any file there, and removes files more than a day
  /// older than `hour`. Best effort: a cache that cannot be written only costs a request.
  func store(_ body: [UInt8], as name: String, hour: Int) {
    do {
      try PrivateFiles.createFolder(folder)
      try PrivateFiles.write(body, to: path(name), syncingFolder: false)
    } catch {
      return
    }
    prune(before: hour - Self.keptHours)
  }

  /// Removes the cache files whose hour is before `hour`.
  private func prune(before hour: Int) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return
    }
    let oldest = Self.hourStamp(hour)
    for name in names where name.hasPrefix(Self.prefix) && name.hasSuffix(".json") {
      let stamp = name.dropLast(".json".count).suffix(10)
      if stamp.count == 10, stamp.allSatisfy(\.isASCII), stamp.allSatisfy(\.isNumber),
        stamp < oldest
      {
        unlink(path(name))
      }
    }
  }

  private func path(_ name: String) -> String {
    (folder as NSString).appendingPathComponent(name)
  }
}
