import DispatchCommandLine
import DispatchKit

/// The sensor context of a report filed from the command line: `--place` and `--no-sensors`,
/// and the reading started as the survey opens and finished when the report is filed.
enum ReportSensors {
  static let options: [OptionSpec] = [
    .value(
      "place", "NAME",
      "Record this named place ('dispatch sensors places'); wins over Wi-Fi and GeoClue"),
    .flag("no-sensors", "Record no sensor context for this report (the focus is kept)"),
  ]

  /// The sensor choice of `--place` and `--no-sensors`.
  ///
  /// - Throws: a usage error for both at once, before anything is opened or asked.
  static func choice(_ invocation: Invocation) throws(CLIError) -> SensorChoice {
    guard invocation.flag("no-sensors") else { return .on(place: invocation.value("place")) }
    if invocation.value("place") != nil {
      throw invocation.usage("--place records a place, --no-sensors records none: pick one")
    }
    return .off
  }
}
