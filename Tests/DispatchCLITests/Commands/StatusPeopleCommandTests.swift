import Foundation
import Testing

/// `dispatch status` and `dispatch people` end to end (docs/status-line.md#the-status-line,
/// docs/people.md#people). The clock is 2026-03-04T10:00:00Z in UTC.
@Suite("status and people")
struct StatusPeopleCommandTests {
  private func report(_ cli: CLISandbox, at now: String, with people: String) throws {
    try cli.succeed(
      ["report", "--answer", "Who are you with?=\(people)"], environment: ["DISPATCH_NOW": now])
  }

  @Test func `status reads the last report, today, the streak and the next prompt`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["settings", "set", "seeding", "compatible"])
    try cli.succeed(["settings", "set", "random-prompts", "off"])
    try cli.succeed(["settings", "set", "fixed-times", "12:30"])
    try report(cli, at: "2026-03-02T09:00:00Z", with: "Ann")
    try report(cli, at: "2026-03-03T09:00:00Z", with: "Ann")
    try report(cli, at: "2026-03-04T07:45:00Z", with: "Ann")
    #expect(
      try cli.succeed(["status"]).stdout
        == "Last report 2h 15m ago · 1 report today · 3-day streak · next prompt 12:30\n")
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["status", "--format", "json"]).stdout.utf8)) as? [String: Any])
    #expect(json["lastReportDate"] as? String == "2026-03-04T07:45:00.000Z")
    #expect(json["todayCount"] as? Int == 1)
    #expect(json["streakDays"] as? Int == 3)
    #expect(json["nextPromptDate"] as? String == "2026-03-04T12:30:00.000Z")
    #expect(try cli.succeed(["status", "--json"]).stdout.contains(#""streakDays": 3"#))
    #expect(
      try cli.succeed(["status", "--format", "tmux"]).stdout
        == "2h 15m ago · 1 today · 3d · next 12:30\n")
    let waybar = try cli.succeed(["status", "--format", "waybar"]).stdoutLines
    #expect(waybar.count == 1)
    #expect(waybar.first?.hasPrefix(#"{"text":"2h 15m ago · 1 today"#) == true)
    #expect(try cli.succeed(["status", "--format", "i3blocks"]).stdoutLines.count == 2)
  }

  @Test func `status on an empty store, a missing store and a bad format`() throws {
    let cli = try CLISandbox()
    try cli.fail(["status"], status: 66, message: "no store at")
    #expect(!cli.exists(cli.defaultStore))
    try cli.succeed(["init"])
    let json = try cli.succeed(["status", "--format", "json"]).stdout
    #expect(json.contains(#""lastReportDate": null"#) && json.contains(#""todayCount": 0"#))
    try cli.fail(
      ["status", "--format", "xml"], status: 64, message: "'xml' is not a status format")
    try cli.fail(["status", "--format", "tmx"], status: 64, message: "did you mean 'tmux'?")
    #expect(try cli.succeed(["status", "--help"]).stdout.contains("waybar"))
  }

  @Test func `status never writes to the store`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try report(cli, at: "2026-03-04T07:45:00Z", with: "Ann")
    let before = try #require(cli.contents(cli.defaultStore))
    let attributes = try FileManager.default.attributesOfItem(atPath: cli.defaultStore)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o400], ofItemAtPath: cli.defaultStore)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: attributes[.posixPermissions] ?? 0o600], ofItemAtPath: cli.defaultStore)
    }
    try cli.succeed(["status"])
    #expect(cli.contents(cli.defaultStore) == before)
  }

  @Test func `people list, rename, show, merge and remove`() throws {
    let cli = try CLISandbox()
    try report(cli, at: "2026-03-03T09:00:00Z", with: "Bob, José García")
    try report(cli, at: "2026-03-04T09:00:00Z", with: "Bobby, jose garcia")
    #expect(
      try cli.succeed(["people"]).stdoutLines == [
        "NAME         MENTIONS  QUESTIONS  ALSO KNOWN AS",
        "José García  2         1",
        "Bob          1         1",
        "Bobby        1         1",
      ])
    #expect(
      try cli.succeed(["people", "rename", "bob", "Robert"]).stdout
        == "Renamed Bob to Robert (also Bob).\n")
    #expect(
      try cli.succeed(["people", "merge", "Bobby", "--into", "robert"]).stdout
        == "Merged into Robert (also Bob, Bobby); 2 mentions.\n")
    let show = try cli.succeed(["people", "show", "BOBBY"]).stdoutLines
    #expect(show.first == "Robert (also Bob, Bobby)")
    #expect(show.contains("  Mentions   2"))
    #expect(show.contains("  Written    Bob (1), Bobby (1)"))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["people", "show", "robert", "--json"]).stdout.utf8))
        as? [String: Any])
    #expect(json["alternateNames"] as? [String] == ["Bob", "Bobby"])
    #expect(json["firstMention"] as? String == "2026-03-03T09:00:00+00:00")
    #expect(
      try cli.succeed(["people", "remove", "jose garcia"]).stdout.hasPrefix(
        "Removed José García from the registry"))
    try cli.fail(["people", "show", "Robrt"], status: 64, message: "did you mean 'Robert'?")
    try cli.fail(["people", "rename", "Robert"], status: 64, message: "missing argument NEW-NAME")
    try cli.fail(
      ["people", "rename", "Robert", "José García"], status: 65, message: "already means")
    try cli.fail(["people", "merge", "Robert"], status: 64, message: "--into")
  }

  @Test func `contacts suggest names and a missing file is refused`() throws {
    let cli = try CLISandbox()
    try report(cli, at: "2026-03-04T09:00:00Z", with: "Maya")
    let card =
      "BEGIN:VCARD\nVERSION:3.0\nFN:Mateo Ruiz\nEND:VCARD\nBEGIN:VCARD\nFN:maya\nEND:VCARD\n"
    try card.write(toFile: cli.path("contacts.vcf"), atomically: true, encoding: .utf8)
    #expect(
      try cli.succeed(["people", "contacts", "contacts.vcf"]).stdout
        == "Suggesting 2 contact names from contacts.vcf.\n")
    #expect(try cli.succeed(["people", "suggest", "ma"]).stdoutLines == ["Maya", "Mateo Ruiz"])
    #expect(try cli.succeed(["people", "suggest", "ma", "--json"]).stdout.contains("Mateo Ruiz"))
    try cli.fail(["people", "contacts", "nowhere.vcf"], status: 66, message: "no contacts file")
    try cli.succeed(["people", "contacts", "--off"])
    #expect(try cli.succeed(["people", "suggest", "ma"]).stdoutLines == ["Maya"])
    // Contacts are never stored in reports or exports.
    try cli.succeed(["people", "contacts", "contacts.vcf"])
    try cli.succeed(["export", "--format", "v2", "-o", "out.json"])
    let export = String(decoding: try #require(cli.contents(cli.path("out.json"))), as: UTF8.self)
    #expect(!export.contains("Mateo"))
  }
}
