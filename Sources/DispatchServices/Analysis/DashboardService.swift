import DispatchCore
import DispatchRender
import DispatchStorage
import Foundation

/// The self-contained dashboard page (docs/charts.md#the-dashboard).
public enum DashboardService {
  /// The page of everything in `store`, as of `now` when it holds no report.
  public static func html(_ store: DispatchStore, now: Instant) throws -> String {
    DashboardPage.html(try store.dashboardData(now: now))
  }

  /// Writes the page to `path` through a temporary file in the same folder, so a reader never
  /// sees half a page.
  ///
  /// - Throws: ``DispatchError`` `.failure` when the page cannot be written.
  public static func write(_ store: DispatchStore, to path: String, now: Instant) throws {
    try write(page: html(store, now: now), to: path)
  }

  /// Writes a page made already (the demo makes its data once for the summary too).
  public static func write(page html: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    do {
      try Data(html.utf8).write(to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw DispatchError(.failure, "cannot write '\(path)': \(error.localizedDescription)")
    }
    // rename(2) replaces the old page atomically (Foundation's replaceItemAt fails on Linux
    // when the target exists).
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw DispatchError(.failure, "cannot write '\(path)': \(reason)")
    }
  }
}
