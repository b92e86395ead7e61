import DispatchStorage
import Foundation

/// The calendar setting's events, read again only when the files change: the daemon plans
/// every minute, and a synced calendar folder can hold thousands of events.
public final class CalendarCache {
  private var key: [String] = []
  private var loaded: (events: [CalendarEvent], notes: [String]) = ([], [])

  public init() {}

  /// ``CalendarSource/load(path:defaultTimeZone:)``, reused while the path, the zone and every
  /// file's size and modification time stay the same.
  public func load(path: String, defaultTimeZone: TimeZone)
    -> (events: [CalendarEvent], notes: [String])
  {
    let current = [path, defaultTimeZone.identifier] + Self.fingerprint(path)
    if current != key {
      loaded = CalendarSource.load(path: path, defaultTimeZone: defaultTimeZone)
      key = current
    }
    return loaded
  }

  /// Name, size and modification time of the file, or of each entry of the folder.
  private static func fingerprint(_ path: String) -> [String] {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: path))?.sorted() ?? [""]
    return names.map { name in
      let file = name.isEmpty ? path : (path as NSString).appendingPathComponent(name)
      let attributes = try? manager.attributesOfItem(atPath: file)
      let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
      return "\(name)|\(size)|\(modified)"
    }
  }
}

extension PromptsView {
  /// The planner for `settings` over the stored groups, in `zone`, with the calendar setting's
  /// events (through `calendars` when given, so repeated plans reuse them) and the notes
  /// reading them gave.
  package func planner(
    _ settings: ScheduleSettings, zone: TimeZone, calendars: CalendarCache? = nil
  ) throws -> (planner: SchedulePlanner, calendarNotes: [String]) {
    let secret = settings.seeding == .private ? try ScheduleSettings.planSecret(in: store) : []
    var planner = SchedulePlanner(
      settings: settings, groups: try promptGroups(), zone: zone, secret: secret)
    guard let path = settings.calendarPath else { return (planner, []) }
    let calendar =
      calendars?.load(path: path, defaultTimeZone: zone)
      ?? CalendarSource.load(path: path, defaultTimeZone: zone)
    planner.calendarEvents = calendar.events
    return (planner, calendar.notes)
  }
}
