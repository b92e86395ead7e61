import DispatchKit
import Foundation
import Testing

/// The anchored scale, answer parsing, `--rate` values and building a check-in.
struct StressScaleTests {
  @Test func anchorsAreDocumentedAndShown() {
    #expect(StressScale.legend == "0 none · 2 mild · 5 moderate · 8 severe · 10 worst imaginable")
    #expect(StressScale.nearestLabel(6) == "moderate")
    #expect(StressScale.nearestLabel(7) == "severe")
    #expect(StressScale.nearestLabel(1) == "none")
    #expect(StressScale.nearestLabel(8.9) == "severe")
    #expect(StressScale.nearestLabel(9.4) == "worst imaginable")
    #expect(StressScale.text(.rated(6)) == "6 (moderate)")
    #expect(StressScale.text(.notApplicable) == "n/a")
  }

  @Test(arguments: [
    ("7", StressAnswer.rated(7)), (" 0 ", .rated(0)), ("10", .rated(10)), ("", .skipped),
    ("skip", .skipped), ("n/a", .notApplicable), ("N/A", .notApplicable), ("na", .notApplicable),
  ])
  func parsesAnswers(text: String, expected: StressAnswer) throws {
    #expect(try StressScale.parseAnswer(text, subject: "x") == expected)
  }

  @Test(arguments: ["11", "-1", "7.5", "lots"])
  func refusesAnswersOffTheScale(text: String) {
    #expect(throws: DispatchError.self) { try StressScale.parseAnswer(text, subject: "x") }
    do {
      _ = try StressScale.parseAnswer(text, subject: "'Work'")
    } catch {
      #expect(error.kind == .invalidValue)
      #expect(error.message.contains("'Work'"))
    }
  }

  @Test func parsesRateValues() throws {
    let work = try #require(try StressCheckInInput.parseRate("Work=7"))
    #expect(work.name == "Work" && work.answer == .rated(7))
    let sleep = try #require(try StressCheckInInput.parseRate("Sleep=skip"))
    #expect(sleep.answer == .skipped)
    let family = try #require(try StressCheckInInput.parseRate("Family = n/a"))
    #expect(family.name == "Family" && family.answer == .notApplicable)
    #expect(try StressCheckInInput.parseRate("Work") == nil)
    #expect(try StressCheckInInput.parseRate("=3") == nil)
    #expect(throws: DispatchError.self) { try StressCheckInInput.parseRate("Work=12") }
  }

  @Test func buildsACheckInInTheDefinedOrder() throws {
    let input = StressCheckInInput(
      overall: .rated(6), ratings: [("family", .notApplicable), ("WORK", .rated(7))],
      note: "  busy  ")
    let time = RecordTime.at(Instant(milliseconds: 0), zone: "UTC")
    let checkIn = try input.checkIn(id: "a", time: time, stressors: ["Work", "Sleep", "Family"])
    #expect(checkIn.stressors.map(\.name) == ["Work", "Family"])
    #expect(checkIn.stressors.map(\.answer) == [.rated(7), .notApplicable])
    #expect(checkIn.note == "busy")
  }

  @Test func refusesUnknownAndRepeatedStressorsAndEmptyCheckIns() {
    let time = RecordTime.at(Instant(milliseconds: 0), zone: "UTC")
    let stressors = ["Work", "Sleep"]
    do {
      _ = try StressCheckInInput(ratings: [("Wrok", .rated(1))])
        .checkIn(id: "a", time: time, stressors: stressors)
      Issue.record("an unknown stressor was accepted")
    } catch {
      #expect(error.kind == .unknownReference)
      #expect(error.message == "no stressor named 'Wrok'; did you mean 'Work'?")
    }
    #expect(throws: DispatchError.self) {
      try StressCheckInInput(ratings: [("Work", .rated(1)), ("work", .rated(2))])
        .checkIn(id: "a", time: time, stressors: stressors)
    }
    #expect(throws: DispatchError.self) {
      try StressCheckInInput(ratings: [("Work", .skipped)])
        .checkIn(id: "a", time: time, stressors: stressors)
    }
    #expect(throws: DispatchError.self) {
      try StressCheckInInput.validateStressors(["Work", "work"])
    }
  }
}
