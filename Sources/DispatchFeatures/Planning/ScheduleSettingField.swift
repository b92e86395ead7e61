import DispatchAnalytics
import DispatchCore
import DispatchStorage
import Foundation

/// One schedule setting as `dispatch settings` names, stores, parses and prints it.
public struct ScheduleSettingField: Sendable {
  /// The command-line name, e.g. `prompts-per-day`.
  public let name: String
  /// The key in the store's settings table.
  let key: String
  /// What the value means, for `dispatch settings` and the docs.
  public let summary: String
  /// Applies a text value; throws a one-line error naming the accepted values.
  let apply: @Sendable (inout ScheduleSettings, String) throws(DispatchError) -> Void
  /// The value as `dispatch settings get` prints it and the store keeps it.
  let format: @Sendable (ScheduleSettings) -> String

  /// Every field, in the order `dispatch settings get` prints them.
  public static let all: [ScheduleSettingField] = [
    ScheduleSettingField(
      name: "prompts-per-day", key: "schedule.promptsPerDay",
      summary: "random prompts a day, 1–12",
      apply: { settings, text throws(DispatchError) in
        settings.promptsPerDay = try integer(text, ScheduleSettings.promptsPerDayRange)
      }, format: { String($0.promptsPerDay) }),
    ScheduleSettingField(
      name: "window", key: "schedule.window",
      summary: "awake window HH:MM-HH:MM; 24:00 is the end of the day; may cross midnight",
      apply: { settings, text throws(DispatchError) in
        guard let window = AwakeWindow(parsing: text) else {
          throw DispatchError(
            .invalidValue, "'\(text)' is not a window; use HH:MM-HH:MM, e.g. 08:00-22:30")
        }
        settings.window = window
      }, format: { $0.window.description }),
    ScheduleSettingField(
      name: "distribution", key: "schedule.distribution",
      summary: "random, semiRandom, regular or refractory",
      apply: { settings, text throws(DispatchError) in
        settings.distribution = try choice(text, PromptDistribution.allCases)
      }, format: { $0.distribution.rawValue }),
    ScheduleSettingField(
      name: "fixed-times", key: "schedule.fixedTimes",
      summary: "extra daily prompts at HH:MM, comma-separated; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.fixedTimes = try clockTimes(text)
      },
      format: {
        $0.fixedTimes.isEmpty ? "none" : $0.fixedTimes.map(\.description).joined(separator: ",")
      }),
    ScheduleSettingField(
      name: "minimum-gap", key: "schedule.minimumGap",
      summary: "minutes between any two prompts, 1–720",
      apply: { settings, text throws(DispatchError) in
        settings.minimumGapMinutes = try integer(text, ScheduleSettings.minimumGapRange)
      }, format: { String($0.minimumGapMinutes) }),
    ScheduleSettingField(
      name: "random-prompts", key: "schedule.randomPrompts",
      summary: "on or off; off leaves only the fixed times and groups",
      apply: { settings, text throws(DispatchError) in
        settings.randomPromptsEnabled = try onOff(text)
      }, format: { $0.randomPromptsEnabled ? "on" : "off" }),
    ScheduleSettingField(
      name: "seeding", key: "schedule.seeding",
      summary: "private (a secret per store) or compatible (Dispatch's exact times)",
      apply: { settings, text throws(DispatchError) in
        settings.seeding = try choice(text, PlanSeeding.allCases)
      }, format: { $0.seeding.rawValue }),
    ScheduleSettingField(
      name: "time-zone", key: SettingKey.timeZone,
      summary: "IANA zone the plan's days are in; 'system' follows the machine",
      apply: { settings, text throws(DispatchError) in
        settings.timeZoneIdentifier = try zoneIdentifier(text)
      }, format: { $0.timeZoneIdentifier ?? "system" }),
    ScheduleSettingField(
      name: "nags", key: "nag.enabled", summary: "on or off: remind until a prompt is acted on",
      apply: { settings, text throws(DispatchError) in settings.nagsEnabled = try onOff(text) },
      format: { $0.nagsEnabled ? "on" : "off" }),
    ScheduleSettingField(
      name: "nag-delay", key: "nag.delayMinutes", summary: "minutes before the first nag, 1–120",
      apply: { settings, text throws(DispatchError) in
        settings.nagDelayMinutes = try integer(text, ScheduleSettings.nagDelayRange)
      }, format: { String($0.nagDelayMinutes) }),
    ScheduleSettingField(
      name: "nag-interval", key: "nag.intervalMinutes", summary: "minutes between nags, 1–60",
      apply: { settings, text throws(DispatchError) in
        settings.nagIntervalMinutes = try integer(text, ScheduleSettings.nagIntervalRange)
      }, format: { String($0.nagIntervalMinutes) }),
    ScheduleSettingField(
      name: "nag-count", key: "nag.maxCount", summary: "nags per prompt at most, 1–10",
      apply: { settings, text throws(DispatchError) in
        settings.nagMaxCount = try integer(text, ScheduleSettings.nagMaxCountRange)
      }, format: { String($0.nagMaxCount) }),
    ScheduleSettingField(
      name: "snooze", key: "snooze.minutes", summary: "minutes a snoozed prompt waits, 1–720",
      apply: { settings, text throws(DispatchError) in
        settings.snoozeMinutes = try integer(text, ScheduleSettings.snoozeRange)
      }, format: { String($0.snoozeMinutes) }),
    ScheduleSettingField(
      name: "expiry", key: "prompt.expiryMinutes",
      summary: "minutes a prompt stays open before it counts as expired, 5–720",
      apply: { settings, text throws(DispatchError) in
        settings.expiryMinutes = try integer(text, ScheduleSettings.expiryRange)
      }, format: { String($0.expiryMinutes) }),
    ScheduleSettingField(
      name: "notifier", key: "prompt.notifier",
      summary: "notify-send (desktop notifications), hook (the hook command) or ntfy (a phone), "
        + "or several comma-separated, e.g. notify-send,ntfy",
      apply: { settings, text throws(DispatchError) in
        settings.notifiers = try Notifier.list(parsing: text)
      }, format: { Notifier.setting($0.notifiers) }),
    ScheduleSettingField(
      name: "hook", key: "prompt.hook",
      summary: "the command the hook notifier runs; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.hookCommand = try optionalText(text)
      }, format: { $0.hookCommand ?? "none" }),
    ScheduleSettingField(
      name: "ntfy-url", key: "ntfy.url",
      summary: "the ntfy server and topic the ntfy notifier publishes to, e.g. "
        + "https://ntfy.sh/my-dispatch-7f3a; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        guard let value = try optionalText(text) else {
          settings.ntfyURL = nil
          return
        }
        settings.ntfyURL = try NtfyTopic(parsing: value).setting
      }, format: { $0.ntfyURL ?? "none" }),
    ScheduleSettingField(
      name: "ntfy-token-file", key: "ntfy.tokenFile",
      summary: "a file (mode 600) holding an ntfy access token, sent as a bearer token; "
        + "'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.ntfyTokenFile = try optionalText(text).map(absolutePath)
      }, format: { $0.ntfyTokenFile ?? "none" }),
    ScheduleSettingField(
      name: "serve-url", key: "serve.url",
      summary: "where a phone reaches 'dispatch serve', e.g. https://laptop.tailnet.ts.net:8421; "
        + "ntfy notifications link there; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        guard let value = try optionalText(text) else {
          settings.serveURL = nil
          return
        }
        settings.serveURL = try WebAddress.serveURL(value)
      }, format: { $0.serveURL ?? "none" }),
    ScheduleSettingField(
      name: "serve", key: "serve.enabled",
      summary: "on: the daemon also serves the survey page and API, as 'dispatch serve' does "
        + "(restart the daemon after changing a serve setting)",
      apply: { settings, text throws(DispatchError) in settings.serveInDaemon = try onOff(text) },
      format: { $0.serveInDaemon ? "on" : "off" }),
    ScheduleSettingField(
      name: "serve-listen", key: "serve.listen",
      summary: "where the daemon's server listens, ADDRESS:PORT (default 127.0.0.1:8421)",
      apply: { settings, text throws(DispatchError) in
        let value = text.trimmingCharacters(in: .whitespaces)
        // The address itself is checked when the daemon starts its server.
        guard let colon = value.lastIndex(of: ":"), colon > value.startIndex,
          UInt16(value[value.index(after: colon)...]) != nil
        else {
          throw DispatchError(
            .invalidValue, "'\(text)' is not ADDRESS:PORT, e.g. 127.0.0.1:8421 or [::1]:8421")
        }
        settings.serveListen = value
      }, format: { $0.serveListen }),
    ScheduleSettingField(
      name: "serve-tls-cert", key: "serve.tlsCertificate",
      summary: "PEM certificate chain for the daemon's server to speak HTTPS; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.serveTLSCertificate = try optionalText(text).map(absolutePath)
      }, format: { $0.serveTLSCertificate ?? "none" }),
    ScheduleSettingField(
      name: "serve-tls-key", key: "serve.tlsKey",
      summary: "PEM private key of serve-tls-cert; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.serveTLSKey = try optionalText(text).map(absolutePath)
      }, format: { $0.serveTLSKey ?? "none" }),
    ScheduleSettingField(
      name: "serve-insecure-http", key: "serve.insecureHTTP",
      summary: "on: the daemon's server may use plain HTTP off loopback (on a VPN's address)",
      apply: { settings, text throws(DispatchError) in
        settings.serveInsecureHTTP = try onOff(text)
      }, format: { $0.serveInsecureHTTP ? "on" : "off" }),
    ScheduleSettingField(
      name: "terminal", key: "prompt.terminal",
      summary: "the terminal command 'Report now' opens the survey in",
      apply: { settings, text throws(DispatchError) in
        guard let command = try optionalText(text) else {
          throw DispatchError(.invalidValue, "the terminal command cannot be empty")
        }
        settings.terminalCommand = command
      }, format: { $0.terminalCommand }),
    ScheduleSettingField(
      name: "calendar", key: "prompt.calendar",
      summary: "an .ics file or folder for calendar-end groups; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.calendarPath = try optionalText(text)
      }, format: { $0.calendarPath ?? "none" }),
    ScheduleSettingField(
      name: "health-folder", key: "import.healthFolder",
      summary: "a folder your phone drops Apple Health exports into; the daemon imports new "
        + "ones and prompts for workouts that just ended; 'none' for none",
      apply: { settings, text throws(DispatchError) in
        settings.healthFolder = try optionalText(text).map(absolutePath)
      }, format: { $0.healthFolder ?? "none" }),
    ScheduleSettingField(
      name: "follow-dnd", key: "prompt.followDoNotDisturb",
      summary: "on or off: the desktop's do-not-disturb holds prompts back (GNOME, Plasma, Xfce, "
        + "dunst, mako, swaync)",
      apply: { settings, text throws(DispatchError) in
        settings.followsDoNotDisturb = try onOff(text)
      }, format: { $0.followsDoNotDisturb ? "on" : "off" }),
    ScheduleSettingField(
      name: "mood-scale", key: "records.moodScale",
      summary: "the scale moods are rated on, MIN-MAX (default 1-10)",
      apply: { settings, text throws(DispatchError) in settings.moodScale = try scale(text) },
      format: {
        "\(RatingScale.text($0.moodScale.minimum))-\(RatingScale.text($0.moodScale.maximum))"
      }),
    ScheduleSettingField(
      name: "fatigue-scale", key: "records.fatigueScale",
      summary: "the scale fatigue is rated on, MIN-MAX (default 0-6)",
      apply: { settings, text throws(DispatchError) in settings.fatigueScale = try scale(text) },
      format: {
        "\(RatingScale.text($0.fatigueScale.minimum))-\(RatingScale.text($0.fatigueScale.maximum))"
      }),
    ScheduleSettingField(
      name: "activity-auto-ignore", key: "records.activityAutoIgnoreSeconds",
      summary: "off, on (15 s) or seconds 1–3600: stopped activities shorter than this are "
        + "discarded",
      apply: { settings, text throws(DispatchError) in
        switch text.lowercased() {
        case "off": settings.activityAutoIgnoreSeconds = nil
        case "on":
          settings.activityAutoIgnoreSeconds = ScheduleSettings.defaultActivityAutoIgnoreSeconds
        default:
          settings.activityAutoIgnoreSeconds = try integer(
            text, ScheduleSettings.activityAutoIgnoreRange)
        }
      }, format: { $0.activityAutoIgnoreSeconds.map(String.init) ?? "off" }),
    ScheduleSettingField(
      name: "digest-reminder", key: "digest.reminder",
      summary: "off, on (Sunday 19:00) or 'DAY HH:MM': the daemon says the weekly digest is ready",
      apply: { settings, text throws(DispatchError) in
        if text.lowercased() == "off" {
          settings.digestReminder = nil
          return
        }
        guard let reminder = DigestReminder(parsing: text) else {
          throw DispatchError(
            .invalidValue,
            "'\(text)' is not a digest reminder; use off, on or 'DAY HH:MM', e.g. 'sun 19:00'")
        }
        settings.digestReminder = reminder
      }, format: { $0.digestReminder?.description ?? "off" }),
    ScheduleSettingField(
      name: "catalog-url", key: "catalog.url",
      summary: "question-set catalog: a folder with index.json, a file, or an http(s) URL; "
        + "'none' for the built-in sets only",
      apply: { settings, text throws(DispatchError) in
        guard let value = try optionalText(text) else {
          settings.catalogURL = nil
          return
        }
        do throws(CatalogError) {
          _ = try CatalogSource(setting: value)
        } catch {
          throw DispatchError(.invalidValue, error.message)
        }
        settings.catalogURL = value
      }, format: { $0.catalogURL ?? "none" }),
    ScheduleSettingField(
      name: "units", key: "display.units",
      summary: "metric or imperial for temperatures, distances and weights; 'system' follows "
        + "the locale (LC_MEASUREMENT, LANG)",
      apply: { settings, text throws(DispatchError) in
        settings.units = UnitSystem(rawValue: try choice(text, ["metric", "imperial", "system"]))
      }, format: { $0.units?.rawValue ?? "system" }),
  ]

  /// The field with this command-line name.
  public static func named(_ name: String) -> ScheduleSettingField? {
    all.first { $0.name == name }
  }
}
