import DispatchCore

/// The signals of a report's sensor context: weather, Focus, workouts, steps, flights,
/// ambient sound (docs/insights.md#global-engine-rules).
extension InsightSignalBuilder {
  static let valenceSignal = NumericSignal(
    id: "valence", sourceKey: "mood", noun: nil, subject: "Your mood valence",
    format: .twoDecimals, values: [], defined: ReportSet(capacity: 0))

  private static let workoutSignal = "workout"

  mutating func addContext(of report: Report, at index: Int) {
    let context = report.context
    if let condition = context.weather?.condition, !condition.isEmpty {
      let id = "weather:\(condition)"
      addCategorical(id, source: "weather", verb: nil, context: "when the weather is \(condition)")
      markPresent(id, at: index)
      weatherReports.insert(index)
    }
    if let focus = context.focus {
      focusReports.insert(index)
      if focus.isFocused, let label = focus.label, !label.isEmpty {
        let id = "focus:\(label)"
        addCategorical(id, source: "focus", verb: nil, context: "in the \(label) Focus")
        markPresent(id, at: index)
      }
    }
    addHealth(context.health, at: index)
    if let audio = context.audio, audio.average.isFinite {
      // Raw dBFS, as the global engine compares (not the display scale;
      // docs/insights.md#global-engine-rules).
      setNumber(
        NumericSignal(
          id: "audio", sourceKey: "audio", noun: "dB of ambient noise", subject: "",
          format: .oneDecimal, values: [], defined: ReportSet(capacity: 0)),
        audio.average, at: index)
    }
  }

  private mutating func addHealth(_ readings: [HealthReading], at index: Int) {
    addCategorical(
      Self.workoutSignal, source: "workout", verb: "log a workout",
      context: "when you log a workout")
    markEligible(Self.workoutSignal, at: index)
    guard !readings.isEmpty else { return }
    var steps: Double?
    var flights: Double?
    var workoutSeconds = 0.0
    var workedOut = false
    for reading in readings where reading.value.isFinite {
      switch reading.type {
      case "steps": steps = (steps ?? 0) + reading.value
      case "flightsClimbed": flights = (flights ?? 0) + reading.value
      case let type where Self.isWorkout(type):
        workedOut = true
        workoutSeconds += reading.value
      default: break
      }
    }
    if workedOut { markPresent(Self.workoutSignal, at: index) }
    if let steps {
      setNumber(Self.grouped("steps", noun: "steps"), steps, at: index)
    }
    if let flights {
      setNumber(Self.grouped("flightsClimbed", noun: "flights climbed"), flights, at: index)
    }
    // Defined, possibly 0, whenever the report has any health reading.
    setNumber(Self.grouped("workout", noun: "workout minutes"), workoutSeconds / 60, at: index)
  }

  /// A `workout.<activity>` reading, not one of the `workout.trigger.*` details.
  static func isWorkout(_ type: String) -> Bool {
    type.hasPrefix("workout.") && !type.hasPrefix("workout.trigger")
  }

  private static func grouped(_ id: String, noun: String) -> NumericSignal {
    NumericSignal(
      id: id, sourceKey: id, noun: noun, subject: "", format: .grouped, values: [],
      defined: ReportSet(capacity: 0))
  }
}
