import DispatchCore
import DispatchStorage
import Foundation

/// The privacy-safe text dump behind `dispatch diagnostics`
/// (docs/import-export.md#dispatch-diagnostics; modelled on the iOS app's dump, adapted to a local
/// Linux store).
///
/// It holds versions, the store's size and schema steps, record counts, setting keys, backup
/// status and the event log. It never holds prompts, answers, tokens, people, places, health
/// values or weather: it reads counts and enum raw values only, shows a setting's value only
/// for an allowlisted key, and the event log holds no content by contract
/// (``DispatchStore/logEvent(_:detail:)``). A sentinel test pins this.
public enum Diagnostics {
  /// Settings whose values are shown; every other setting shows its key only, since a value
  /// may be a token, a URL with a secret or a name.
  public static let visibleSettingKeys: Set<String> = Set(
    [
      SettingKey.awake, SettingKey.timeZone, BackupSettingKey.enabled,
      BackupSettingKey.lastBackupDate, SensorSettingKey.deadline,
      SensorSettingKey.lastUnavailable,
    ] + SensorCatalog.all.map { SensorSettingKey.toggle($0.name) })
  /// How many events the dump shows, newest first (the iOS app's ring size;
  /// docs/import-export.md#dispatch-diagnostics).
  public static let eventLimit = 50
  /// Longest event detail shown, as the iOS app's dump truncates error descriptions.
  static let detailLimit = 200

  /// The dump, plain text with ISO-8601 UTC dates, ending with a newline.
  ///
  /// - Parameters:
  ///   - store: the store described; only read, never written.
  ///   - version: the Dispatch version string.
  ///   - environment: the machine facts and the backup folder.
  ///   - run: the run's clock, which dates the report.
  public static func report(
    store: DispatchStore, version: String,
    environment: DiagnosticsEnvironment = DiagnosticsEnvironment(), run: RunEnvironment
  ) throws -> String {
    let facts = try store.maintenance.facts(eventLimit: eventLimit)
    var lines = ["Dispatch diagnostics", "Generated: \(run.now().iso8601)", ""]
    lines += [
      "Dispatch version: \(version)",
      "OS version: \(environment.operatingSystem)",
      "Machine: \(environment.machine ?? "unknown")",
      "SQLite version: \(MaintenanceView.sqliteVersion)",
    ]
    if let doNotDisturb = environment.doNotDisturb {
      lines.append("Do not disturb: \(sanitized(doNotDisturb, limit: 160))")
    }
    lines.append("")
    lines += storeSection(facts)
    lines += countsSection(facts)
    lines += settingsSection(facts)
    lines += backupSection(facts, environment)
    lines += webhookSection(facts)
    lines += eventsSection(facts)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func storeSection(_ facts: StoreFacts) -> [String] {
    let path = facts.path
    var lines = ["STORE:"]
    if path == ":memory:" {
      lines.append("  Path: (in memory)")
    } else {
      lines.append("  Path: \(path)")
      lines.append("  Size: \(fileSize(path).map { "\($0) bytes" } ?? "unknown")")
      lines.append("  Write-ahead log: \(fileSize(path + "-wal").map { "\($0) bytes" } ?? "none")")
    }
    let steps = facts.schemaSteps
    lines.append("  Schema steps: \(steps.count) (\(steps.joined(separator: ", ")))")
    return lines + [""]
  }

  private static func countsSection(_ facts: StoreFacts) -> [String] {
    let counts = facts.counts
    var lines = [
      "COUNTS:",
      "  Reports: \(counts.reports)",
      "  Drafts: \(counts.drafts)",
      "  Questions: \(counts.questions)",
      "  Responses: \(counts.responses)",
      "  People: \(counts.people)",
      "  Prompt groups: \(counts.promptGroups)",
      "  Vocabulary tokens: \(facts.vocabulary["token"] ?? 0)",
      "  Vocabulary places: \(facts.vocabulary["place"] ?? 0)",
      // Counts only: never a type, a source or a value.
      "  Health samples: \(facts.healthSamples)",
      "  Health workouts: \(facts.healthWorkouts)",
      "  Health exports imported: \(facts.healthExports)",
      "",
      "REPORTS BY KIND:",
    ]
    lines += grouped(facts.reportsByKind, known: Set(ReportKind.known.map(\.rawValue)))
    lines += ["", "REPORTS BY TRIGGER:"]
    lines += grouped(facts.reportsByTrigger, known: Set(ReportTrigger.known.map(\.rawValue)))
    return lines + [""]
  }

  /// Filed reports counted by an enum column. Raw values this version does not know came from
  /// imported files and could be anything, so they are counted together, never shown.
  private static func grouped(_ counts: [(value: String, count: Int)], known: Set<String>)
    -> [String]
  {
    var lines: [String] = []
    var other = 0
    for (value, count) in counts {
      if known.contains(value) {
        lines.append("  \(value): \(count)")
      } else {
        other += count
      }
    }
    if other > 0 { lines.append("  (values unknown to this version): \(other)") }
    return lines.isEmpty ? ["  (no reports)"] : lines
  }

  private static func settingsSection(_ facts: StoreFacts) -> [String] {
    var lines = ["SETTINGS (values of non-sensitive keys only):"]
    for (key, value) in facts.settings {
      let shown = sanitized(key, limit: 80)
      if visibleSettingKeys.contains(key), let value {
        lines.append("  \(shown) = \(sanitized(value, limit: 80))")
      } else {
        lines.append("  \(shown) (set)")
      }
    }
    if lines.count == 1 { lines.append("  (none)") }
    return lines + [""]
  }

  private static func fileSize(_ path: String) -> Int? {
    // NSNumber, not Int: the attribute's Swift type differs between Linux and macOS.
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
  }

  /// One line of at most `limit` characters with control characters replaced, so a detail
  /// cannot forge extra lines of the dump.
  static func sanitized(_ text: String, limit: Int) -> String {
    let flat = String(
      text.map {
        $0.isNewline || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
          ? " " : $0
      })
    return flat.count <= limit ? flat : String(flat.prefix(limit - 1)) + "…"
  }
}
