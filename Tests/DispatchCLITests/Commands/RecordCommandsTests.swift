import Foundation
import Testing

/// The direct-record commands end to end (docs/records.md#direct-records). The clock is
/// 2026-03-04T10:00:00Z (a Wednesday) in UTC.
@Suite("direct records")
struct RecordCommandsTests {
  func json(_ cli: CLISandbox, _ arguments: [String]) throws -> Any {
    try JSONSerialization.jsonObject(
      with: Data(try cli.succeed(arguments + ["--json"]).stdout.utf8))
  }

  @Test func `mood records on the scale with feedback, lists, and refuses off-scale`() throws {
    let cli = try CLISandbox()
    #expect(
      try cli.succeed(["mood", "7"]).stdout == "Yay! You're at a 7. I'm glad you're feeling well.\n"
    )
    #expect(
      try cli.succeed(["mood", "2", "--ago", "1h"]).stdout
        == "Hang in there! It's gonna be okay. (2)\n")
    #expect(try cli.succeed(["mood", "--fraction", "0.5"]).stdout == "Got it. You're at a 5.5\n")
    let record = try #require(
      try json(cli, ["mood", "4", "--note", "meh", "--at", "09:15"]) as? [String: Any])
    #expect(record["rating"] as? Double == 4)
    #expect(record["scaleMin"] as? Double == 1 && record["scaleMax"] as? Double == 10)
    #expect(record["date"] as? String == "2026-03-04T09:15:00.000Z")
    #expect(record["precision"] as? String == "minute")
    #expect(record["note"] as? String == "meh")
    let list = try #require(try json(cli, ["mood", "list", "--from", "today"]) as? [[String: Any]])
    #expect(list.count == 4)
    try cli.fail(
      ["mood", "11"], status: 65,
      message: "mood 11 is outside the scale 1–10; give a rating from 1 to 10")
    try cli.fail(["mood", "--fraction", "2"], status: 65, message: "outside 0…1")
    try cli.fail(["mood", "list", "--note", "x"], status: 64, message: "--note does not apply")
  }

  @Test func `mood rescale needs confirmation from a script`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["mood", "6"])
    try cli.succeed(["settings", "set", "mood-scale", "0-5"])
    try cli.fail(["mood", "rescale"], status: 64, message: "rescaling moods needs confirmation")
    #expect(try cli.succeed(["mood", "rescale", "--yes"]).stdout == "Rescaled 1 mood to 0–5.\n")
    let list = try #require(try json(cli, ["mood", "list"]) as? [[String: Any]])
    #expect(abs((list.first?["rating"] as? Double ?? 0) - 25.0 / 9) < 1e-9)
  }

  @Test func `fatigue uses its own scale`() throws {
    let cli = try CLISandbox()
    #expect(try cli.succeed(["fatigue", "3"]).stdout == "Recorded fatigue 3 on 0–6.\n")
    try cli.fail(["fatigue", "7"], status: 65, message: "fatigue 7 is outside the scale 0–6")
    try cli.fail(["fatigue", "tired"], status: 65, message: "'tired' is not a fatigue rating")
    let list = try #require(try json(cli, ["fatigue", "list"]) as? [[String: Any]])
    #expect(list.first?["kind"] as? String == "fatigue")
  }

  @Test func `bad times are refused with one line`() throws {
    let cli = try CLISandbox()
    try cli.fail(
      ["mood", "5", "--ago", "20"], status: 64, message: "'20' is not a duration; write it like 20m"
    )
    try cli.fail(
      ["mood", "5", "--at", "today 11:00"], status: 64, message: "'today 11:00' is in the future")
    try cli.fail(["mood", "5", "--at", "9pm"], status: 64, message: "'9pm' is not a time")
    try cli.fail(
      ["mood", "5", "--at", "09:00", "--ago", "5m"], status: 64,
      message: "give --at or --ago, not both")
  }

  @Test func `activities start, run, stop and list`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["activity", "define", "Reading", "--tag", "hobby"])
    try cli.succeed(["activity", "define", "Cooking"])
    try cli.fail(
      ["activity", "start", "Cookng"], status: 65,
      message:
        "activity 'Cookng' does not exist (did you mean 'Cooking'?); define it with 'dispatch activity define Cookng'"
    )
    #expect(
      try cli.succeed(["activity", "start", "Reading", "Cooking", "--ago", "20m"]).stdout
        == "Started 'Reading' and 'Cooking' at 2026-03-04 09:40.\n")
    try cli.fail(
      ["activity", "start", "reading"], status: 65,
      message: "'Reading' is already running since 2026-03-04 09:40")
    #expect(
      try cli.succeed(["activity", "status"]).stdout.contains("Reading: running for 0:20:00"))
    let status = try #require(try json(cli, ["activity", "status"]) as? [[String: Any]])
    let reading = try #require(status.first { $0["name"] as? String == "Reading" })
    #expect(reading["duration"] as? String == "0:20:00")
    #expect(reading["tags"] as? [String] == ["hobby"])
    #expect(
      try cli.succeed(["activity", "stop", "Reading", "--ago", "5m"]).stdout
        .hasPrefix("Stopped 'Reading' after 0:15:00"))
    try cli.fail(["activity", "stop", "Reading"], status: 65, message: "'Reading' is not running")
    #expect(try cli.succeed(["activity", "stop", "--last"]).stdout.hasPrefix("Stopped 'Cooking'"))
    try cli.fail(["activity", "stop", "--all"], status: 65, message: "no activity is running")
    try cli.fail(["activity", "stop"], status: 64, message: "give --all or --last")
    let list = try #require(try json(cli, ["activity", "list"]) as? [[String: Any]])
    #expect(list.count == 2)
    #expect(list.allSatisfy { $0["running"] as? Bool == false })
    try cli.succeed(["activity", "start", "Reading", "--from-last-stop"])
    try cli.succeed(["activity", "edit", "Reading", "--name", "Books"])
    #expect(try cli.succeed(["activity", "list", "--running"]).stdout.contains("Books"))
    try cli.fail(["activity", "remove", "Books"], status: 64, message: "needs confirmation")
    #expect(
      try cli.succeed(["activity", "remove", "Books", "--yes"]).stdout
        == "Removed 'Books' and 2 activities.\n")
  }

  @Test func `a stop moments after the start is discarded when auto-ignore is on`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["activity", "define", "Reading"])
    try cli.succeed(["settings", "set", "activity-auto-ignore", "30"])
    try cli.succeed(["activity", "start", "Reading", "--ago", "20s"])
    #expect(
      try cli.succeed(["activity", "stop", "Reading"]).stdout
        == "Discarded 'Reading' after 0:00:20: shorter than the 'activity-auto-ignore' setting.\n")
    #expect(try #require(try json(cli, ["activity", "list"]) as? [[String: Any]]).isEmpty)
    try cli.fail(
      ["settings", "set", "activity-auto-ignore", "later"], status: 65,
      message: "'later' is not a whole number")
  }

  @Test func `medications are taken with their default dose`() throws {
    let cli = try CLISandbox()
    try cli.fail(
      ["med", "take", "Iron"], status: 65,
      message: "no medication named 'Iron'; define it with 'dispatch med define Iron --dose …'")
    try cli.succeed(["med", "define", "Iron", "--dose", "50mg", "--frequency", "1 time per day"])
    #expect(
      try cli.succeed(["med", "take", "iron"]).stdout
        == "Marked 50 mg of 'Iron' as taken at 2026-03-04 10:00.\n")
    try cli.succeed(["med", "take", "Iron", "--dose", "100 mg", "--ago", "1h"])
    try cli.fail(
      ["med", "take", "Iron", "--dose", "lots"], status: 65, message: "'lots' is not a dosage")
    try cli.fail(
      ["med", "define", "iron"], status: 65, message: "medication 'Iron' already exists")
    let list = try #require(try json(cli, ["med", "list"]) as? [[String: Any]])
    #expect(list.first?["dosage"] as? String == "50 mg")
    #expect((list.first?["lastDose"] as? [String: Any])?["dosage"] as? String == "50 mg")
    let doses = try #require(try json(cli, ["med", "doses"]) as? [[String: Any]])
    #expect(doses.map { $0["dosage"] as? String } == ["100 mg", "50 mg"])
    try cli.succeed(["med", "edit", "Iron", "--dose", ""])
    #expect(
      try cli.succeed(["med", "take", "Iron"]).stdout
        == "Marked 'Iron' as taken at 2026-03-04 10:00.\n")
  }

  @Test func `lost items are recorded and found`() throws {
    let cli = try CLISandbox()
    let lost = try #require(
      try json(cli, ["lost", "keys", "--where", "office", "--ago", "1h"]) as? [String: Any])
    #expect(lost["found"] as? Bool == false && lost["item"] as? String == "keys")
    try cli.succeed(["lost", "phone", "--found-after", "10m", "--ago", "30m"])
    #expect(
      try cli.succeed(["lost", "found", "Keys", "--where", "coat"]).stdout.hasPrefix(
        "Found: 'keys' (coat)"))
    try cli.fail(["lost", "found", "keys"], status: 65, message: "no missing item 'keys'")
    let list = try #require(try json(cli, ["lost", "list"]) as? [[String: Any]])
    #expect(list.map { $0["found"] as? Bool } == [true, true])
    try cli.fail(
      ["lost", "wallet", "--found-after", "2h", "--ago", "1h"], status: 64, message: "in the future"
    )
  }

  @Test func `context notes are added, listed, edited and removed`() throws {
    let cli = try CLISandbox()
    try cli.succeed([
      "context", "add", "--metric", "steps", "--from", "2026-03-01", "--to", "2026-03-03", "--note",
      "watch broken",
    ])
    try cli.succeed(["context", "add", "--all", "--note", "flu"])
    try cli.fail(
      ["context", "add", "--note", "x"], status: 64, message: "give --metric METRIC or --all")
    let list = try #require(
      try json(cli, ["context", "list", "--metric", "steps"]) as? [[String: Any]])
    #expect(list.count == 2)
    #expect(list.first?["toDate"] as? String == "2026-03-04T00:00:00.000Z")
    let id = try #require(list.last?["id"] as? String)
    try cli.succeed(["context", "edit", id, "--metric", "sleep"])
    #expect(try cli.succeed(["context", "list"]).stdout.contains("'sleep'"))
    try cli.succeed(["context", "remove", id])
    try cli.fail(["context", "remove", id], status: 65, message: "no context entry")
  }

  @Test func `is-weekday answers with its exit status`() throws {
    let cli = try CLISandbox()
    #expect(try cli.succeed(["is-weekday", "today"]).stdout == "yes\n")
    let weekend = try cli.run(["is-weekday", "2026-03-07"])
    #expect(weekend.status == 1 && weekend.stdout == "no\n" && weekend.stderr.isEmpty)
    let json = try cli.run(["is-weekday", "2026-03-08", "--json"])
    #expect(
      json.stdout.contains("\"isWeekday\" : false") || json.stdout.contains("\"isWeekday\": false"))
    try cli.fail(["is-weekday", "someday"], status: 65, message: "'someday' is not a date")
  }

  @Test func `presets record with one command, reminders are kept`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["checkin", "preset", "add", "good", "--mood", "8", "--note", "usual"])
    try cli.fail(
      ["checkin", "preset", "add", "bad", "--mood", "0"], status: 65, message: "outside the scale")
    #expect(try cli.succeed(["mood", "--preset", "Good"]).stdout.hasPrefix("Yay! You're at an 8."))
    try cli.fail(
      ["mood", "--preset", "god"], status: 65,
      message: "no check-in preset named 'god' (did you mean 'good'?)")
    try cli.succeed(["checkin", "remind", "add", "21:00", "--preset", "good"])
    try cli.fail(
      ["checkin", "remind", "add", "9pm"], status: 65, message: "'9pm' is not a time of day")
    let reminders = try #require(try json(cli, ["checkin", "remind", "list"]) as? [[String: Any]])
    #expect(
      reminders.first?["time"] as? String == "21:00"
        && reminders.first?["preset"] as? String == "good")
    try cli.succeed(["checkin", "preset", "remove", "good"])
    #expect(try cli.succeed(["checkin", "remind", "list"]).stdout == "No check-in reminders.\n")
  }
}
