import DispatchCore

/// How many filed reports carry each kind of sensor context.
public struct ContextCoverage: Sendable, Equatable {
  public var reports: Int
  /// (what, how many reports), in the order people read them: battery, place, weather, sound,
  /// music, photos.
  public var parts: [(name: String, reports: Int)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reports == rhs.reports && lhs.parts.elementsEqual(rhs.parts) { $0 == $1 }
  }
}

extension ReportsView {
  /// How many filed reports carry each kind of sensor context (the demo's sensor line).
  public func contextCoverage() throws -> ContextCoverage {
    try database.read { db in
      func count(_ sql: String) throws -> Int { try db.scalarInt(sql) ?? 0 }
      return ContextCoverage(
        reports: try count("SELECT count(*) FROM reports WHERE is_draft = 0"),
        parts: [
          ("battery", try count("SELECT count(*) FROM reports WHERE battery IS NOT NULL")),
          ("place", try count("SELECT count(*) FROM report_locations")),
          ("weather", try count("SELECT count(*) FROM report_weather")),
          ("sound", try count("SELECT count(*) FROM reports WHERE audio_avg IS NOT NULL")),
          ("music", try count("SELECT count(*) FROM reports WHERE media_title IS NOT NULL")),
          ("photos", try count("SELECT count(DISTINCT report_id) FROM report_photos")),
        ])
    }
  }
}
