import Foundation
import Testing

/// `med take` on a terminal offers to define a medication it does not know.
@Suite(.serialized)
struct MedicationPromptPTYTests {
  @Test func anUnknownMedicationIsDefinedWhenTheAnswerIsYes() throws {
    let binary = try DispatchBinary()
    let run = try SurveyRun(binary, ["med", "take", "Iron", "--dose", "50 mg"])
    try run.expect("No medication named 'Iron'. Define it now? [y/N]")
    try run.press("y" + Keys.enter, until: "Marked 50 mg of 'Iron' as taken")
    #expect(run.terminal.waitForExit(run.process) == 0)
    let listed = try binary.run(["med", "list", "--json"])
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(list.map { $0["name"] as? String } == ["Iron"])
  }

  @Test func noDefinesNothingAndFailsWithTheScriptError() throws {
    let binary = try DispatchBinary()
    let run = try SurveyRun(binary, ["med", "take", "Iron"])
    try run.expect("Define it now? [y/N]")
    #expect(run.finish("n" + Keys.enter) == 65)
    #expect(run.terminal.recentText.contains("'Iron'"))
    // The failed command wrote nothing: not even the store it would have created.
    #expect(try binary.run(["med", "list"]).status == 66)
  }
}
