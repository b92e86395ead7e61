import DispatchCore
import DispatchFeatures
import DispatchRender
import DispatchStorage

/// The status line (docs/status-line.md): read-only and fast, so a bar can poll it every second.
public enum StatusService {
  /// The status line of `store` in `format` at `now`, newline included.
  public static func line(_ store: DispatchStore, format: StatusLine.Format, now: Instant) throws
    -> String
  {
    try statusLine(store, now: now).render(format)
  }

  /// The status line of `store` at `now`, to render in any format or to ask when it next
  /// changes (``StatusLine/nextChange``).
  public static func statusLine(_ store: DispatchStore, now: Instant) throws -> StatusLine {
    let settings = try ScheduleSettings.load(from: store)
    let snapshot = try store.statusSnapshot(settings: settings, now: now)
    return StatusLine(snapshot: snapshot, zone: settings.zone)
  }
}
