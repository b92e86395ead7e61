import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// `dispatch import` (read in UTC, so no DST gap skips a generated row) of a deterministic 100,000-row ATracker CSV (10,000 with `--quick`) into
  /// a fresh store: wall time from process start to exit (median of 3) and peak RSS. Target:
  /// under 1 s in release.
  static let atrackerImport = Benchmark(name: "import: ATracker CSV") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let rows = context.quick ? 10_000 : 100_000
    let file = context.workspace.appendingPathComponent("atracker.csv").path
    let store = context.workspace.appendingPathComponent("atracker.sqlite").path
    let summaryPath = context.workspace.appendingPathComponent("atracker-summary.json").path
    let bytes = ATrackerSynthetic.make(rows: rows)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let measured = try ChildMeter.median(
      runs: 3,
      prepare: {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: store + suffix)
        }
      },
      {
        try ChildMeter.run(
          binary.path,
          ["import", file, "--store", store, "--json", "--time-zone", "UTC"],
          stdout: summaryPath)
      })
    let summary =
      (FileManager.default.contents(atPath: summaryPath)).flatMap {
        try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
      } ?? [:]
    let imported = summary["activitiesImported"] as? Int ?? -1
    let check = imported == rows ? "as generated" : "EXPECTED \(rows)"
    var results = [
      BenchResult(
        name: "import: \(rows)-row ATracker CSV", value: measured.seconds, unit: "s",
        detail: String(
          format:
            "%.1f MiB, ~40 definitions; --json summary: %d activities (%@); median of 3, fresh store each, process start to exit; target < 1 s",
          Double(bytes.count) / 1_048_576, imported, check))
    ]
    if let peak = measured.peakMiB {
      results.append(
        BenchResult(
          name: "import: \(rows)-row ATracker CSV, peak RSS", value: peak, unit: "MiB",
          detail: measured.method))
    }
    return results
  }
}

/// A deterministic ATracker export: ~40 definitions with descriptions and tags, notes (some
/// with commas, quotes and line breaks), a few running activities at the end.
enum ATrackerSynthetic {
  static let names = [
    "Reading", "Deep work", "Commute", "Guitar practice", "Café visit", "Yoga, evening",
    "Overnight shift", "Running", "Meditation", "Cooking", "Groceries", "Email", "Meetings",
    "Code review", "Writing", "Laundry", "Cleaning", "Gardening", "Cycling", "Swimming",
    "Piano", "Podcast", "Language study", "Journaling", "Walk the dog", "Errands", "Nap",
    "Video call", "Planning", "Budgeting", "Sketching", "Photography", "Board games",
    "Volunteering", "Stretching", "Dentist", "Haircut", "Baking", "Chess", "Sleep",
  ]
  static let tags = ["Work", "Focus", "Hobbies", "Health", "Home", "Music", "Social", "Outdoors"]
  static let notes = [
    "", "", "", "Good session", "Tired, but kept going", "Said \"later\" twice",
    "Two parts:\nfirst, then second", "Finished chapter 12",
  ]

  static func make(rows: Int) -> [UInt8] {
    var random = SplitMix64(seed: 0xA7AC_CE12)
    var text =
      "Task name, Task description, Start time, End time, Duration,Duration in hours, Note, Tag\n"
    text.reserveCapacity(rows * 110)
    // Minutes since 2015-01-01 00:00 local, moving forward.
    var minute = 0
    for row in 0..<rows {
      let index = Int(random.next() % UInt64(names.count))
      let name = names[index]
      minute += 5 + Int(random.next() % 90)
      let length = 5 + Int(random.next() % 120)
      let running = row >= rows - 3
      let tagText = [tags[index % tags.count], tags[(index / 3) % tags.count]].joined(
        separator: "|")
      let note = notes[Int(random.next() % UInt64(notes.count))].replacingOccurrences(
        of: "\"", with: "\"\"")
      let start = stamp(minute)
      let end = running ? "" : stamp(minute + length)
      text += "\"\(name)\",\"About \(name.lowercased())\",\"\(start)\",\"\(end)\","
      text += "\"00:00:00\",\(Double(length) / 60),\"\(note)\",\"\(tagText)\"\n"
      minute += length
    }
    return Array(text.utf8)
  }

  /// `yyyy-MM-dd HH:mm` of minutes after 2015-01-01 00:00.
  private static func stamp(_ minutes: Int) -> String {
    let base = CivilTime.days(year: 2015, month: 1, day: 1)
    let civil = CivilTime(
      milliseconds: Int64(base * 1440 + minutes) * 60_000, offsetSeconds: 0)
    return civil.dateText + " " + civil.clockText
  }
}
