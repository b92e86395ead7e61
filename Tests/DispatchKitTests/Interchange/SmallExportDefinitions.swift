import DispatchKit

/// The questions, prompt groups and people of `Fixtures/dispatch-v2/small-export.json`,
/// rebuilt by hand so the exporter can be checked against that real-shaped file byte for byte.
enum SmallExportDefinitions {
  static let sleep = "86E9C690-11B4-569E-8D0A-E6C4877CA99A"
  static let working = "6BCB574C-57B1-5593-B392-B7608B42FD92"
  static let doing = "73F32134-35A3-5994-9D2C-4924F589EF66"
  static let whereAreYou = "7F06307F-4AD8-52EB-867A-7216C4E84036"
  static let with = "9E55B97E-CFCC-5E2C-985B-458F9CFB41BB"
  static let coffees = "20F27A3B-709A-5E37-B4A2-F04C316891CF"
  static let learn = "30FF77F6-D3C6-58CB-BEEF-17294FF32969"
  static let fellAsleep = "C41D7E2A-5B83-4F96-A0E7-3D2B8C9F1E05"
  static let stressed = "0A7F3C2E-9D14-4B6A-8E25-71C4D9B3F6A8"
  static let energy = "5E2B9A71-C3D8-4F0E-B6A4-2D8C7E1F9B30"
  static let water = "E8C3A5D1-7F26-4B9E-93A0-4C1D6B2E8F57"
  static let minutesAsleep = "B7D2F4E9-1A3C-4E58-A6B0-9F3E2D1C7A84"
  static let anxious = "3C9E1B7D-4A28-4F63-B0D5-8E2A6C1F9D47"

  static var questions: [Question] {
    [
      Question(
        id: sleep, prompt: "How did you sleep?", type: .multipleChoice, sortOrder: 0,
        reportKinds: [.wake], choices: ["Great", "OK", "Poorly"],
        allowsMultipleSelectionSetting: false, visualization: .proportion),
      Question(id: working, prompt: "Are you working?", type: .yesNo, sortOrder: 1),
      Question(
        id: doing, prompt: "What are you doing?", type: .tokens, sortOrder: 2,
        visualization: .frequency),
      Question(id: whereAreYou, prompt: "Where are you?", type: .location, sortOrder: 3),
      Question(
        id: with, prompt: "Who are you with?", type: .people, sortOrder: 4,
        placeholder: "No one"),
      Question(
        id: coffees, prompt: "How many coffees did you have today?", type: .number,
        sortOrder: 5, reportKinds: [.sleep], inputStyle: .stepper, inputMinimum: 0,
        inputStep: 1, defaultAnswer: "0", visualization: .graph),
      Question(
        id: learn, prompt: "What did you learn today?", type: .note, sortOrder: 6,
        reportKinds: [.sleep]),
      Question(
        id: fellAsleep, prompt: "What time did you fall asleep?", type: .time, sortOrder: 7,
        reportKinds: [.wake]),
      Question(
        id: stressed, prompt: "How stressed are you?", type: .number, sortOrder: 8,
        inputStyle: .scale, inputMinimum: 1, inputMaximum: 5, inputStep: 1),
      Question(
        id: energy, prompt: "Energy level?", type: .number, sortOrder: 9,
        reportKinds: [.regular, .wake], inputStyle: .slider, inputMinimum: 0,
        inputMaximum: 10, inputStep: 0.5),
      Question(
        id: water, prompt: "Glasses of water today?", type: .number, sortOrder: 10,
        reportKinds: [.sleep], inputStyle: .tapCounter),
      Question(
        id: minutesAsleep, prompt: "Minutes of sleep?", type: .number, sortOrder: 11,
        reportKinds: [.wake], placeholder: "420"),
      Question(
        id: "F1A6C8E3-2D57-4B90-8C1E-5A7B3D9F0E26", prompt: "Room temperature (°F)?",
        type: .number, sortOrder: 12, isEnabled: false, inputStyle: .dial, inputMinimum: 50,
        inputMaximum: 90, inputStep: 1),
      Question(
        id: anxious, prompt: "Are you feeling anxious?", type: .yesNo, sortOrder: 13,
        reportKinds: [.regular, .sleep], visualization: .proportion,
        stateOfMindKind: "anxiety"),
    ]
  }

  /// `A1B2C3D4-000N-4E5F-8A9B-0C1D2E3F4A0N`.
  static func groupID(_ number: Int) -> String {
    "A1B2C3D4-000\(number)-4E5F-8A9B-0C1D2E3F4A0\(number)"
  }

  static var promptGroups: [PromptGroup] {
    [
      PromptGroup(
        id: groupID(1), name: "Daytime check-ins", scheduleKind: "timesPerDay", sortOrder: 0,
        questionIDs: [whereAreYou, with, doing, working, stressed], scheduleCount: 4,
        scheduleDistribution: "semiRandom"),
      PromptGroup(
        id: groupID(2), name: "Hydration", scheduleKind: "everyNHours", sortOrder: 1,
        questionIDs: [water], scheduleHours: 3),
      PromptGroup(
        id: groupID(3), name: "Evening wind-down", scheduleKind: "dailyAt", sortOrder: 2,
        questionIDs: [learn, anxious], scheduledTimes: ["21:30", "22:45"]),
      PromptGroup(
        id: groupID(4), name: "Arrived home", scheduleKind: "placeTrigger", sortOrder: 3,
        questionIDs: [whereAreYou, with, doing, anxious], monitorDirection: "arrival",
        monitorDelayMinutes: 5,
        placeRegion: PlaceRegion(
          latitude: 40.81234, longitude: -74.36175, radius: 150, name: "Home")),
      PromptGroup(
        id: groupID(5), name: "After stand-ups", scheduleKind: "calendarEventEnd",
        isEnabled: false, sortOrder: 4, questionIDs: [stressed],
        calendarMatchKind: "titleContains", calendarTitleFilter: "Stand-up"),
      PromptGroup(
        id: groupID(6), name: "Post-workout", scheduleKind: "workoutEnd", sortOrder: 5,
        questionIDs: [energy, "00000000-DEAD-4BEE-8F00-000000000000"]),
    ]
  }

  static var people: [Person] {
    let prefix = "8F2A6C1E-9B3D-4E57-A6C0-1D4B7E2F9A3"
    return [
      Person(id: prefix + "1", displayName: "Tobias Wren", alternateNames: ["Toby", "T. Wren"]),
      Person(id: prefix + "2", displayName: "Lena Okonkwo", alternateNames: ["Lena O."]),
      Person(id: prefix + "3", displayName: "Juniper Akers"),
      Person(id: prefix + "4", displayName: "José García-Wren", alternateNames: ["Pepe"]),
    ]
  }
}
