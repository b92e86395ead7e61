import DispatchKit
import Foundation
import Testing

@Suite("demo")
struct DemoCommandTests {
  /// `$XDG_DATA_HOME/dispatch/demo.sqlite` of the sandbox.
  func demoStore(_ cli: CLISandbox) -> String {
    cli.root + "/data/dispatch/demo.sqlite"
  }

  // A debug build takes half a minute to make the demo, so each test here builds it as few
  // times as it can: the summary, the rebuild and the export are one story. That the same
  // configuration gives the same history is DemoHistoryTests' to pin.
  @Test func `the demo writes its own store, summarises it, and rebuilds it from scratch`()
    throws
  {
    let cli = try CLISandbox()
    let result = try cli.succeed(["demo", "--as-of", "2026-07-13"])
    #expect(result.stdout.contains("Demo store ready: \(demoStore(cli))"))
    #expect(result.stdout.contains("1,338 reports over 189 days, 2026-01-05 to 2026-07-12"))
    #expect(result.stdout.contains("Time zones: America/New_York, Europe/Lisbon"))
    #expect(
      result.stdout.contains(
        "451 moods · 605 activities · 197 doses · 51 stress check-ins · 11 lost items"))
    #expect(result.stdout.contains("dispatch stress summary --since 30d"))
    #expect(result.stdout.contains("Try next:"))
    #expect(result.stdout.contains("export DISPATCH_STORE=\(demoStore(cli))"))
    #expect(!cli.exists(cli.defaultStore))
    let listed = try cli.succeed(["reports", "list", "--json", "--store", demoStore(cli)])
    let reports = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
    #expect(reports?.count == 1_338)

    // A report added (no automatic backup of a demo), then the demo again: rebuilt from
    // scratch, the report gone.
    try cli.succeed(
      ["report", "--answer", "Are you working?=yes", "--store", demoStore(cli)])
    let backups = try cli.succeed(["backup", "list", "--json", "--store", demoStore(cli)])
    let backupList = try JSONSerialization.jsonObject(with: Data(backups.stdout.utf8))
    #expect(((backupList as? [String: Any])?["backups"] as? [Any])?.isEmpty == true, "\(backups)")
    let json = try cli.succeed(["demo", "--json", "--as-of", "2026-07-13"])
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(summary["reports"] as? Int == 1_338)
    let records = try #require(summary["records"] as? [String: Any])
    #expect(records["stressCheckIns"] as? Int == 51)
    let relisted = try cli.succeed(["reports", "list", "--json", "--store", demoStore(cli)])
    let rebuilt = try JSONSerialization.jsonObject(with: Data(relisted.stdout.utf8)) as? [Any]
    #expect(rebuilt?.count == 1_338)

    let exported = try cli.succeed([
      "export", "--format", "introspective-csv", "-o", "out", "--store", demoStore(cli),
    ])
    #expect(exported.stdout == "Wrote 6 CSV files to out.\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: cli.path("out")).sorted()
    #expect(names.first == "Activities 2026-03-04_0500.csv")
    try cli.succeed(["init"])
    try cli.fail(
      ["export", "--format", "introspective-csv", "-o", "empty"], status: 65,
      message: "nothing to export")
    #expect(!cli.exists(cli.path("empty")))
  }

  @Test func `DISPATCH_STORE never redirects the demo onto the real store`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.succeed(["demo"], environment: ["DISPATCH_STORE": cli.defaultStore])
    #expect(cli.contents(cli.defaultStore) == before)
    #expect(cli.exists(demoStore(cli)))
  }

  @Test func `the demo refuses to overwrite a store that is not a demo`() throws {
    let cli = try CLISandbox()
    let real = cli.path("mine.sqlite")
    try cli.succeed(["init", "--store", real])
    let before = try #require(cli.contents(real))
    try cli.fail(["demo", "--store", real], status: 65, message: "is not a demo store")
    #expect(cli.contents(real) == before)
  }

  @Test func `the history ends the day before it is built, so relative dates find it`() throws {
    let cli = try CLISandbox(now: "2026-11-20T15:30:00-05:00", timeZone: "America/New_York")
    let result = try cli.succeed(["demo"])
    #expect(result.stdout.contains("reports over 189 days, 2026-05-15 to 2026-11-19"))
    let store = demoStore(cli)
    let lastWeek = try cli.succeed(["reports", "list", "--from", "7d", "--json", "--store", store])
    let reports = try #require(
      JSONSerialization.jsonObject(with: Data(lastWeek.stdout.utf8)) as? [Any])
    #expect(reports.count > 30)
    let status = try cli.succeed(["status", "--store", store])
    #expect(!status.stdout.contains("d "), "the last report is hours old: \(status.stdout)")
  }

  @Test(arguments: ["2026-02-30", "yesterday", "soon"])
  func `an unreadable --as-of is a usage error`(day: String) throws {
    let cli = try CLISandbox()
    try cli.fail(["demo", "--as-of", day], status: 64, message: "is not a date for --as-of")
    #expect(!cli.exists(demoStore(cli)))
  }
}
