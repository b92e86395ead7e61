import Foundation
import Testing

/// The survey page on a phone-sized browser (390 × 844, touch): Selenium drives Debian's
/// Chromium through chromium-driver (`Tests/Browser/survey_phone.py`). It pairs with a link
/// from `dispatch serve pair`, answers every question type and number style, files, then files
/// again with the network off and on; this test checks the store through
/// `dispatch reports list --json`. Skipped, and said so, where Selenium or the driver is
/// missing (`.ci/run` installs chromium-driver and python3-selenium).
@Suite("survey page in a browser")
struct ServeBrowserTests {
  // No `.timeLimit`: inside the parallel suite a test's clock starts when it is queued, so a
  // limit can pass before the test has run at all (the CI run of 2026-12-05 failed so, at
  // 180 s). `SeleniumScript` kills the script itself, timed from when it starts.
  @Test(.enabled(if: SeleniumScript.isInstalled, "needs chromium-driver and python3-selenium"))
  func `a paired phone answers every question type, and offline answers arrive once`() throws {
    let cli = try CLISandbox()
    // The browser's clock is the machine's: the store's must be too.
    cli.environment["DISPATCH_NOW"] = nil
    try cli.succeed(["init"])
    for arguments in [
      [
        "--type", "multipleChoice", "--choices", "Calm,Focused,Tired", "--multiple",
        "How do you feel?",
      ],
      ["--type", "time", "When did you last eat?"],
      ["--type", "number", "--style", "slider", "--min", "1", "--max", "10", "How happy are you?"],
      ["--type", "number", "--style", "dial", "Stress level?"],
      [
        "--type", "number", "--style", "scale", "--labels", "1=drained,5=buzzing",
        "How energetic do you feel?",
      ],
      ["--type", "number", "--style", "stepper", "--default", "2", "Glasses of water?"],
      ["--type", "number", "--style", "tapCounter", "Flights of stairs?"],
    ] {
      try cli.succeed(["questions", "add"] + arguments)
    }
    let server = try RunningServe(cli)
    let link = try server.pairingLink(cli)

    let seenData = try SeleniumScript.run(
      "survey_phone.py", ["--pair-url", link], logFolder: cli.root)
    let seen = try #require(try JSONSerialization.jsonObject(with: seenData) as? [String: Any])

    // Phone-sized, nothing wider than the screen, every field labelled, no console errors.
    #expect(seen["width"] as? Int == 390)
    #expect(seen["scrollWidth"] as? Int == 390)
    #expect((seen["unlabelled"] as? [String])?.isEmpty == true)
    #expect((seen["console"] as? [String])?.isEmpty == true, "\(seen["console"] ?? "")")
    let review = try #require(seen["review"] as? [String: String])
    #expect(review["How do you feel?"] == "Calm, Focused")
    #expect(review["When did you last eat?"] == "07:30 yesterday")
    #expect(review["How happy are you?"] == "7")
    #expect(review["Stress level?"] == "3")
    #expect(review["Glasses of water?"] == "4")
    #expect(review["Flights of stairs?"] == "3")

    let listed = try cli.succeed(["reports", "list", "--json"])
    let reports = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    func answers(_ report: [String: Any]) -> [String: Any] {
      var byPrompt: [String: Any] = [:]
      for response in report["responses"] as? [[String: Any]] ?? [] {
        guard let prompt = response["prompt"] as? String, response["skipped"] as? Bool != true
        else { continue }
        byPrompt[prompt] =
          response["options"] ?? response["number"] ?? response["tokens"] ?? response["notes"]
          ?? response["time"] ?? response["location"]
      }
      return byPrompt
    }
    let filed = try #require(reports.first { $0["id"] as? String == seen["filed"] as? String })
    let filedAnswers = answers(filed)
    #expect(filedAnswers.count == 13)
    #expect(filedAnswers["How do you feel?"] as? [String] == ["Calm", "Focused"])
    #expect(filedAnswers["How energetic do you feel?"] as? String == "4")
    #expect(filedAnswers["Flights of stairs?"] as? String == "3")

    // The offline report: filed once, under the phone's ID, dated when it was answered.
    let offline = try #require(seen["offline"] as? [String: Any])
    let kept = reports.filter { $0["id"] as? String == offline["id"] as? String }
    #expect(kept.count == 1)
    #expect(reports.count == 2)
    let answeredAt = try #require(offline["answeredAt"] as? Int)
    let date = try #require(kept.first?["date"] as? String)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let instant = try #require(formatter.date(from: date))
    #expect(Int((instant.timeIntervalSince1970 * 1000).rounded()) == answeredAt)
    #expect(server.terminate())
  }
}
