import DispatchCore
import DispatchRender
import DispatchStorage
import DispatchSupport
import Foundation

/// The self-contained dashboard page (docs/charts.md#the-dashboard).
public enum DashboardService {
  /// The page of everything in `store`, as of `now` when it holds no report.
  public static func html(
    _ store: DispatchStore, now: Instant, range: DashboardData.Range = .init()
  ) throws -> String {
    DashboardPage.html(try store.dashboardData(now: now, range: range))
  }

  /// Writes the page to `path` through a temporary file in the same folder, so a reader never
  /// sees half a page; the page is private (0600) whatever the umask, as it holds the whole
  /// history (``PrivateFiles``).
  ///
  /// - Throws: ``DispatchError`` `.failure` when the page cannot be written.
  public static func write(
    _ store: DispatchStore, to path: String, now: Instant, range: DashboardData.Range = .init()
  ) throws {
    try write(page: html(store, now: now, range: range), to: path)
  }

  /// Writes a page made already (the demo makes its data once for the summary too).
  public static func write(page html: String, to path: String) throws {
    do {
      try PrivateFiles.write(Array(html.utf8), to: path)
    } catch {
      throw DispatchError(.failure, error.description)
    }
  }
}
