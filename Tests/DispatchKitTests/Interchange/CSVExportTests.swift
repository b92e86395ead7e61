import DispatchKit
import Testing

/// The reports CSV (docs/formats/exports.md#reports-csv).
struct CSVExportTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    ("say \"hi\", ok", "\"say \"\"hi\"\", ok\""),
    ("a,b", "\"a,b\""),
    ("\"", "\"\"\"\""),
    ("line\nbreak", "\"line\nbreak\""),
    // Dispatch leaves a lone CR unquoted; we quote it (docs/formats/exports.md#reports-csv).
    ("carriage\rreturn", "\"carriage\rreturn\""),
    ("crlf\r\nend", "\"crlf\r\nend\""),
    ("pipe|semi;colon", "pipe|semi;colon"),
    ("\"\u{301}accent", "\"\"\"\u{301}accent\""),
  ])
  func `fields are escaped as RFC 4180`(field: String, escaped: String) {
    #expect(CSVWriter.escape(field) == escaped)
  }

  @Test func `lines join with LF and no trailing newline`() {
    #expect(CSVWriter.document([["a", "b,c"], ["d", ""]]) == "a,\"b,c\"\nd,")
    #expect(CSVWriter.document([]) == "")
    #expect(CSVWriter.document([["a"], ["b\r\nc"]], lineEnding: "\r\n") == "a\r\n\"b\r\nc\"")
  }

  @Test func `the snap-1 row matches the documented reference row`() {
    let csv = ReportsCSVExporter.csv(
      questions: ExportFixtures.snap1Questions, reports: [ExportFixtures.snap1])
    let lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 2)
    let header =
      "date,timeZone,kind,trigger,latitude,longitude,place,weather,tempF,altitudeMeters,"
      + "audioAvg,audioPeak,battery,steps,photoCount,connection,What are you doing?,"
      + "How busy are you?,Are you working?,Where are you?,Who are you with?,"
      + "How many coffees?,What did you learn?"
    let row =
      #"2016-02-11T23:08:54Z,GMT-0400,regular,manual,40.0001,-75.0001,Riverton,"#
      + #"Mostly Cloudy,68.7,12.5,-43.57,-34.0,0.96,481,0,Cellular,Working|Coding,Low,Yes,,,3,"#
      + #""Commas, and ""quotes"" happen""#
    #expect(lines == [header, row])
  }

  /// The questions of the documented CSV export, in column (sortOrder) order.
  static let timeQuestions = [
    Question(id: "q-eat", prompt: "What time did you last eat?", type: .time, sortOrder: 0),
    Question(id: "q-doing", prompt: "Doing?", type: .tokens, sortOrder: 1),
  ]

  @Test func `a time question gets a day-offset column right after its own`() {
    let header =
      ReportsCSVExporter.fixedColumns + [
        "What time did you last eat?", "What time did you last eat? (day offset)", "Doing?",
      ]
    #expect(
      ReportsCSVExporter.csv(questions: Self.timeQuestions.reversed(), reports: [])
        == header.joined(separator: ","))
  }

  @Test(arguments: [
    (TimeAnswer(minutes: 555, dayOffset: 0) as TimeAnswer?, "09:15", "0"),
    (TimeAnswer(minutes: 1_410, dayOffset: -1), "23:30", "-1"),
    (nil, "", ""),
  ])
  func `time answers fill both columns`(time: TimeAnswer?, clock: String, offset: String) {
    let responses =
      time.map {
        [Response(id: "r", questionID: "q-eat", questionPrompt: "What time?", time: $0)]
      } ?? []
    let report = ExportFixtures.bare("rep", at: 0, responses: responses)
    let row = ReportsCSVExporter.row(report, questions: Self.timeQuestions)
    #expect(Array(row.suffix(3)) == [clock, offset, ""])
  }

  @Test func `answers join by question ID, so duplicate prompts no longer collide`() {
    let questions = [
      Question(id: "q-a", prompt: "Mood?", type: .tokens, sortOrder: 0),
      Question(id: "q-b", prompt: "Mood?", type: .tokens, sortOrder: 1),
    ]
    let report = ExportFixtures.bare(
      "rep", at: 0,
      responses: [
        Response(
          id: "r1", questionID: "q-b", questionPrompt: "Mood?",
          tokens: [TokenValue(id: "t1", text: "calm")]),
        Response(
          id: "r2", questionID: "q-a", questionPrompt: "Mood?",
          tokens: [TokenValue(id: "t2", text: "tired")]),
      ])
    #expect(
      Array(ReportsCSVExporter.row(report, questions: questions).suffix(2)) == ["tired", "calm"])
  }

  @Test func `responses without a question ID fall back to the prompt`() {
    let question = Question(id: "q-doing", prompt: "Doing?", type: .tokens)
    let report = ExportFixtures.bare(
      "rep", at: 0,
      responses: [
        // Another question's answer with the same prompt must not be borrowed.
        Response(
          id: "r0", questionID: "q-other", questionPrompt: "Doing?",
          tokens: [TokenValue(id: "t0", text: "wrong")]),
        Response(
          id: "r1", questionID: nil, questionPrompt: "Doing?",
          tokens: [TokenValue(id: "t1", text: "Reading"), TokenValue(id: "t2", text: "Tea")]),
      ])
    #expect(ReportsCSVExporter.row(report, questions: [question]).last == "Reading|Tea")
  }

  @Test(arguments: [
    (
      Response(id: "r", questionID: "q", questionPrompt: "p", tokens: [], options: ["A", "B"]),
      "A|B"
    ),
    (
      Response(
        id: "r", questionID: "q", questionPrompt: "p", location: LocationAnswer(text: "Home")),
      "Home"
    ),
    (Response(id: "r", questionID: "q", questionPrompt: "p", number: "2.50"), "2.50"),
    (
      Response(
        id: "r", questionID: "q", questionPrompt: "p",
        notes: [TokenValue(id: "a", text: "x"), TokenValue(id: "b", text: "y")]), "x|y"
    ),
    (Response(id: "r", questionID: "q", questionPrompt: "p"), ""),
  ])
  func `answers flatten to the first populated payload`(response: Response, field: String) {
    #expect(ReportsCSVExporter.flatten(response) == field)
  }

  @Test func `rows run oldest first with an ID tiebreak`() {
    let reports = [
      ExportFixtures.bare("b", at: 2_000), ExportFixtures.bare("z", at: 1_000),
      ExportFixtures.bare("a", at: 2_000),
    ]
    let csv = ReportsCSVExporter.csv(questions: [], reports: reports)
    let dates = csv.split(separator: "\n").dropFirst().map { $0.prefix(20) }
    #expect(dates == ["1970-01-01T00:00:01Z", "1970-01-01T00:00:02Z", "1970-01-01T00:00:02Z"])
    #expect(!csv.hasSuffix("\n"))
    let unknownConnection = ExportFixtures.bare("c", at: 0)
    var context = unknownConnection.context
    context.connection = 42
    var report = unknownConnection
    report.context = context
    #expect(ReportsCSVExporter.row(report, questions: []).last == "")
  }
}
