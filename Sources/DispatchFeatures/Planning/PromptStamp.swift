import DispatchCore
import Foundation

/// The minute stamp in prompt identifiers (docs/schedule.md#prompt-identifiers).
public enum PromptStamp {
  /// Compatible mode stamps like Dispatch, `yyyyMMdd-HHmm` local; private mode stamps the UTC
  /// minute (`yyyyMMdd-HHmmZ`), which a repeated clock hour cannot make collide.
  public static func text(_ date: Instant, zone: TimeZone, compatible: Bool) -> String {
    let offset = compatible ? zone.secondsFromGMT(for: date.date) : 0
    let civil = CivilTime(milliseconds: date.milliseconds, offsetSeconds: offset)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    let text =
      pad(civil.year, 4) + pad(civil.month, 2) + pad(civil.day, 2) + "-" + pad(civil.hour, 2)
      + pad(civil.minute, 2)
    return compatible ? text : text + "Z"
  }
}
