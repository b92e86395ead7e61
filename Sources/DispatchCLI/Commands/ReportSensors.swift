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

  /// Starts the sensors, or nil with `--no-sensors`.
  ///
  /// - Throws: a usage error for a place that is not named, before anything is asked.
  static func start(_ invocation: Invocation, store: DispatchStore) throws -> SensorGathering? {
    if invocation.flag("no-sensors") {
      if invocation.value("place") != nil {
        throw invocation.usage("--place records a place, --no-sensors records none: pick one")
      }
      return nil
    }
    return try SensorGathering(
      store: store, place: invocation.value("place"), environment: invocation.environment)
  }

  /// The context to file: what the sensors read, or only the focus without them.
  static func context(_ gathering: SensorGathering?, store: DispatchStore) throws
    -> SensorContext
  {
    guard let gathering else { return try FocusFilter.reportContext(in: store) }
    return gathering.finish(loggingIn: store)
  }
}
