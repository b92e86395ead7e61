import DispatchKit
import Testing

/// Per-question series (docs/charts.md#question-series).
struct VisualizationDataTests {
  static func report(_ index: Int, _ responses: [Response], offset: Int = 0, isDraft: Bool = false)
    -> Report
  {
    Report(
      id: "report-\(index)",
      date: Instant(milliseconds: 1_772_323_200_000 + Int64(index) * 3_600_000),
      timeZoneIdentifier: "UTC", utcOffsetSeconds: offset, isDraft: isDraft, responses: responses)
  }

  static func answer(_ question: Question, id: String? = nil, _ fill: (inout Response) -> Void)
    -> Response
  {
    var response = Response(
      id: "r-\(question.id)", questionID: id ?? question.id, questionPrompt: question.prompt)
    fill(&response)
    return response
  }

  @Test func `option shares follow the choices, then unlisted options by count`() {
    let feel = Question(
      id: "q", prompt: "Feel?", type: .multipleChoice, choices: ["Calm", "Tired", "Sad"])
    let reports = [
      Self.report(0, [Self.answer(feel) { $0.options = ["Tired", "Calm"] }]),
      Self.report(1, [Self.answer(feel) { $0.options = ["Tired", "Odd"] }]),
      Self.report(2, [Self.answer(feel) { $0.options = ["Weird"] }]),
      Self.report(3, [Self.answer(feel) { $0.options = ["Odd"] }]),
      Self.report(4, [Self.answer(feel) { $0.options = ["Tired"] }], isDraft: true),
    ]
    let series = VisualizationData.build(question: feel, reports: reports, people: [])
    guard case .optionShares(let shares) = series else {
      Issue.record("expected shares, got \(series)")
      return
    }
    #expect(shares.map(\.option) == ["Calm", "Tired", "Odd", "Weird"])
    #expect(shares.map(\.count) == [1, 2, 2, 1])
    let sixths: [Double] = [1, 2, 2, 1].map { $0 / 6 }
    #expect(shares.map(\.share) == sixths)
  }

  @Test func `yes or no without choices uses Yes and No`() {
    let working = Question(id: "w", prompt: "Working?", type: .yesNo)
    let reports = [
      Self.report(0, [Self.answer(working) { $0.options = ["No"] }]),
      Self.report(1, [Self.answer(working) { $0.options = ["Yes"] }]),
    ]
    guard
      case .optionShares(let shares) = VisualizationData.build(
        question: working, reports: reports, people: [])
    else {
      Issue.record("expected shares")
      return
    }
    #expect(shares.map(\.option) == ["Yes", "No"])
  }

  @Test func `numbers are raw points by date with their mean, unparseable ones left out`() {
    let coffees = Question(id: "c", prompt: "Coffees?", type: .number)
    let reports = [
      Self.report(2, [Self.answer(coffees) { $0.number = "4" }]),
      Self.report(0, [Self.answer(coffees) { $0.number = "2" }]),
      Self.report(1, [Self.answer(coffees) { $0.number = "lots" }]),
    ]
    let series = VisualizationData.build(question: coffees, reports: reports, people: [])
    #expect(
      series
        == .numeric(
          points: [
            .init(date: reports[1].date, value: 2), .init(date: reports[0].date, value: 4),
          ], mean: 3))
  }

  @Test func `frequency resolves people to their current name and keeps the top 20`() {
    let with = Question(id: "p", prompt: "With?", type: .people)
    let alice = Person(id: "1", displayName: "Alice", alternateNames: ["Ally"])
    var reports: [Report] = []
    for index in 0..<25 {
      reports.append(
        Self.report(
          index,
          [
            Self.answer(with) {
              $0.tokens = [
                TokenValue(id: "a", text: index % 2 == 0 ? "Ally" : "Alice"),
                TokenValue(id: "x", text: "Person \(index)"),
              ]
            }
          ]))
    }
    guard
      case .frequency(let top, let distinct) = VisualizationData.build(
        question: with, reports: reports, people: [alice])
    else {
      Issue.record("expected frequency")
      return
    }
    #expect(top.count == 20)
    #expect(top.first == .init(value: "Alice", count: 25))
    #expect(top[1] == .init(value: "Person 0", count: 1))
    #expect(distinct == 26)
  }

  @Test func `a response with another question's ID is never matched by prompt`() {
    let mood = Question(id: "m", prompt: "Mood?", type: .number)
    let reports = [
      Self.report(0, [Self.answer(mood, id: "other") { $0.number = "5" }]),
      Self.report(
        1,
        [
          Self.answer(mood, id: nil) {
            $0.questionID = nil
            $0.number = "7"
          }
        ]),
    ]
    let series = VisualizationData.build(question: mood, reports: reports, people: [])
    #expect(series == .numeric(points: [.init(date: reports[1].date, value: 7)], mean: 7))
    #expect(VisualizationData.build(question: mood, reports: [], people: []) == .empty)
  }

  @Test func `times average on the clock face, and opposite times by their plain mean`() {
    let ate = Question(id: "t", prompt: "Ate?", type: .time)
    let late = [
      Self.report(0, [Self.answer(ate) { $0.time = TimeAnswer(minutes: 1430) }]),
      Self.report(1, [Self.answer(ate) { $0.time = TimeAnswer(minutes: 10, dayOffset: 0) }]),
    ]
    guard
      case .timePoints(let points, let average) = VisualizationData.build(
        question: ate, reports: late, people: [])
    else {
      Issue.record("expected time points")
      return
    }
    #expect(average == 0)
    #expect(points.map(\.minutes) == [1430, 10])
    let yesterday = [
      Self.report(0, [Self.answer(ate) { $0.time = TimeAnswer(minutes: 0, dayOffset: -1) }])
    ]
    guard
      case .timePoints(let moved, _) = VisualizationData.build(
        question: ate, reports: yesterday, people: [])
    else { return }
    #expect(moved.first?.date == yesterday[0].date.adding(seconds: -86_400))
    let opposite = [
      Self.report(0, [Self.answer(ate) { $0.time = TimeAnswer(minutes: 0) }]),
      Self.report(1, [Self.answer(ate) { $0.time = TimeAnswer(minutes: 720) }]),
    ]
    guard
      case .timePoints(_, let plain) = VisualizationData.build(
        question: ate, reports: opposite, people: [])
    else { return }
    #expect(plain == 360)
  }

  @Test func `places by text, a venue without text is an unknown place, notes newest first`() {
    let place = Question(id: "l", prompt: "Where?", type: .location)
    let note = Question(id: "n", prompt: "Note?", type: .note)
    let reports = [
      Self.report(
        0,
        [
          Self.answer(place) { $0.location = LocationAnswer(text: "Home") },
          Self.answer(note) { $0.notes = [TokenValue(id: "1", text: "first")] },
        ]),
      Self.report(
        1,
        [
          Self.answer(place) { $0.location = LocationAnswer(venueID: "v1") },
          Self.answer(note) { $0.notes = [TokenValue(id: "2", text: "second")] },
        ]),
    ]
    #expect(
      VisualizationData.build(question: place, reports: reports, people: [])
        == .places(
          [.init(value: "Home", count: 1), .init(value: "Unknown place", count: 1)],
          distinctCount: 2))
    #expect(
      VisualizationData.build(question: note, reports: reports, people: [])
        == .recentNotes([
          .init(date: reports[1].date, text: "second"), .init(date: reports[0].date, text: "first"),
        ]))
  }

  @Test func `option shares per week line up every option, weeks starting on Monday`() {
    let working = Question(id: "w", prompt: "Working?", type: .yesNo)
    // 2026-03-01 (a Sunday) 00:00 UTC, then 2026-03-02 (Monday) and 2026-03-09.
    func at(_ day: Int64, _ answer: String) -> Report {
      Report(
        id: "r\(day)\(answer)", date: Instant(milliseconds: 1_772_323_200_000 + day * 86_400_000),
        timeZoneIdentifier: "UTC", utcOffsetSeconds: 0,
        responses: [Self.answer(working) { $0.options = [answer] }])
    }
    let bands = OptionSharesOverTime.build(
      question: working, reports: [at(0, "Yes"), at(1, "No"), at(1, "No"), at(8, "Yes")],
      period: .week)
    #expect(bands.options == ["Yes", "No"])
    #expect(bands.slices.map(\.label) == ["2026-02-23", "2026-03-02", "2026-03-09"])
    #expect(bands.slices.map { $0.shares.map(\.count) } == [[1, 0], [0, 2], [1, 0]])
    let months = OptionSharesOverTime.build(
      question: working, reports: [at(0, "Yes"), at(8, "No")], period: .month)
    #expect(months.slices.map(\.label) == ["2026-03-01"])
  }

  @Test func `filters match all criteria, people through their aliases`() {
    let with = Question(id: "p", prompt: "With?", type: .people)
    let doing = Question(id: "d", prompt: "Doing?", type: .tokens)
    let alice = Person(id: "1", displayName: "Alice", alternateNames: ["Ally"])
    var context = SensorContext()
    context.health = [HealthReading(type: "steps", value: 12_000, unit: "count")]
    context.audio = AudioLevel(average: -20, peak: -10)
    let report = Report(
      id: "r", date: Instant(milliseconds: 1_772_323_200_000), timeZoneIdentifier: "UTC",
      utcOffsetSeconds: -3600, context: context,
      responses: [
        Self.answer(with) { $0.tokens = [TokenValue(id: "a", text: "Ally")] },
        Self.answer(doing) { $0.tokens = [TokenValue(id: "c", text: "Coding")] },
      ])
    let questions = [with, doing]
    func passes(_ keys: [String]) -> Bool {
      ReportFilter(keys.compactMap(ReportFilter.criterion(parsing:)))
        .matches(report, questions: questions, people: [alice])
    }
    #expect(passes(["person:alice", "token:coding", "steps:>10000", "ambientAudio:loud"]))
    // 2026-03-01 00:00 UTC is still February at −01:00.
    #expect(passes(["month:2", "year:2026"]))
    #expect(!passes(["month:3"]))
    #expect(!passes(["token:ally"]))
    #expect(!passes(["person:alice", "weather:rain"]))
    #expect(ReportFilter.criterion(parsing: "month:13") == nil)
    #expect(ReportFilter.criterion(parsing: "colour:red") == nil)
    #expect(ReportFilter.criterion(parsing: "steps:>10000")?.key == "steps:>10000")
  }
}
