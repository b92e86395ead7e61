import Foundation
import Testing

/// The interactive stress check-in on a pseudo-terminal: the anchored scale, skip and n/a.
@Suite(.serialized)
struct StressSurveyPTYTests {
  @Test func ratesSkipsMarksNotApplicableAndFiles() throws {
    let binary = try DispatchBinary()
    let set = try binary.run(["stress", "stressors", "set", "Work", "Sleep", "Family"])
    try #require(set.status == 0, "\(set.stderr)")
    let run = try SurveyRun(binary, ["stress"])
    try run.expect("1/4 Overall stress")
    try run.expect("8 severe")
    #expect(!run.terminal.isCooked, "the check-in runs in raw mode")
    try run.press("6", until: "6 — moderate")
    try run.press(Keys.enter, until: "2/4 Work")
    try run.press("1" + "0", until: "10 — worst imaginable")
    try run.press(Keys.enter, until: "3/4 Sleep")
    try run.press("s", until: "4/4 Family")
    try run.press("n", until: "Note (optional)")
    try run.press("deadline", until: "deadline")
    #expect(run.finish(Keys.enter) == 0)
    #expect(run.terminal.isCooked)
    let listed = try binary.run(["stress", "list", "--json"])
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    try #require(list.count == 1)
    #expect((list[0]["overall"] as? [String: Any])?["value"] as? Int == 6)
    let statuses = (list[0]["stressors"] as? [[String: Any]] ?? []).map { $0["status"] as? String }
    #expect(statuses == ["rated", "skipped", "notApplicable"])
    #expect(list[0]["note"] as? String == "deadline")
  }
}
