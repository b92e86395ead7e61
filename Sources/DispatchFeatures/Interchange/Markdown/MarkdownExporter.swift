import DispatchCore
import Foundation

/// One Markdown file per report with YAML front matter, for Obsidian-style vaults
/// (docs/formats/exports.md#markdown).
public enum MarkdownExporter {
  /// The files, in (date, ID) order: `YYYY-MM-DD HHmm.md` in the report's own time zone,
  /// with ` 2`, ` 3`, … added to later reports of the same minute.
  public static func files(reports: [Report]) -> [(fileName: String, contents: String)] {
    var used: [String: Int] = [:]
    return V2Exporter.sortedReports(reports).map { report in
      let base = baseName(report)
      let count = (used[base] ?? 0) + 1
      used[base] = count
      let name = count == 1 ? base : base + " \(count)"
      return (fileName: name + ".md", contents: contents(report))
    }
  }

  /// `YYYY-MM-DD HHmm` at the report's wall-clock time.
  ///
  /// The zone is looked up by identifier, as Dispatch does; when this system does not know
  /// it, the offset stored with the report is used rather than GMT, so the name still shows
  /// the time the report was filed.
  public static func baseName(_ report: Report) -> String {
    let offset =
      TimeZone(identifier: report.timeZoneIdentifier)?.secondsFromGMT(for: report.date.date)
      ?? report.utcOffsetSeconds
    let local = CivilTime(milliseconds: report.date.milliseconds, offsetSeconds: offset)
    return local.dateText + " " + local.clockText.filter { $0 != ":" }
  }

  /// The file's text: front matter, a blank line and the answer sections, ending in exactly
  /// one newline.
  public static func contents(_ report: Report) -> String {
    var text = "---\n" + frontMatter(report).joined(separator: "\n") + "\n---\n"
    let sections = ExportText.sections(report)
    if !sections.isEmpty { text += "\n" + sections.joined(separator: "\n\n") + "\n" }
    // No trailing whitespace, whatever the last answer ended with
    // (docs/formats/exports.md#markdown).
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text + "\n"
  }

  /// The front-matter lines in Dispatch's key order (docs/formats/exports.md#markdown).
  static func frontMatter(_ report: Report) -> [String] {
    let context = report.context
    var lines: [String] = []
    func add(_ key: String, _ value: String?) {
      if let value { lines.append(key + ": " + value) }
    }
    func add(_ key: String, _ value: Double?) {
      if let value { lines.append(key + ": " + ExportText.plainNumber(value)) }
    }
    // An ISO-8601 timestamp left plain so YAML readers type it as a date.
    add("date", report.date.iso8601Seconds)
    add("timezone", YAMLScalar.quoted(report.timeZoneIdentifier))
    if report.kind == .wake || report.kind == .sleep {
      add("kind", YAMLScalar.quoted(report.kind.rawValue))
    }
    add("weather", context.weather?.condition.map(YAMLScalar.quoted))
    add("temperature_f", context.weather?.tempF)
    add("altitude_m", context.altitudeMeters)
    // The display scale, to one decimal as Day One's "Sound" line shows it.
    add("audio_db", context.audio.map { ($0.displayAverage * 10).rounded() / 10 })
    add("battery", context.battery)
    add("steps", ExportText.steps(context))
    if let latitude = context.location?.latitude, let longitude = context.location?.longitude {
      add("latitude", latitude)
      add("longitude", longitude)
    }
    let placemark = context.location?.placemark
    let place = [placemark?.name, placemark?.locality].compactMap { $0 }.first { !$0.isEmpty }
    add("place", place.map(YAMLScalar.quoted))
    if !context.photos.isEmpty { add("photos", String(context.photos.count)) }
    add("connection", context.connectionType.map { YAMLScalar.quoted($0.displayName) })
    lines += tokenLists(report)
    return lines
  }

  /// `<slug>:` then `  - <value>` lines for every response with tokens (people included),
  /// in slug order. Responses whose prompts share a slug share one list.
  static func tokenLists(_ report: Report) -> [String] {
    var lists: [String: [String]] = [:]
    for response in report.responses.sorted(by: { $0.id < $1.id }) {
      guard let tokens = response.tokens, !tokens.isEmpty else { continue }
      lists[slug(response.questionPrompt), default: []] += tokens.map(\.text)
    }
    return lists.keys.sorted().flatMap { key in
      [key + ":"] + (lists[key] ?? []).map { "  - " + YAMLScalar.quoted($0) }
    }
  }

  /// Lowercased, with runs of anything but letters and digits collapsed to one `-` and
  /// trimmed: "Who are you with?" → `who-are-you-with`. A prompt with no letters or digits
  /// gives `answer`, so the key is never empty.
  public static func slug(_ prompt: String) -> String {
    var slug = ""
    var pendingDash = false
    for scalar in prompt.lowercased().unicodeScalars {
      if CharacterSet.alphanumerics.contains(scalar) {
        if pendingDash && !slug.isEmpty { slug += "-" }
        pendingDash = false
        slug.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return slug.isEmpty ? "answer" : slug
  }
}
