import DispatchKit
import Foundation
import Testing

/// When backups are due and which ones rotation removes
/// (docs/import-export.md#backup-names-and-rotation-rules).
struct BackupRotationTests {
  let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
  let now = Instant(milliseconds: 1_783_607_520_000)
  let slug = "x86-64-ab12cd34"

  @Test func dueRule() {
    #expect(BackupRotation.isDue(last: nil, now: now))
    #expect(BackupRotation.isDue(last: now.adding(seconds: -20 * 3600), now: now))
    #expect(!BackupRotation.isDue(last: now.adding(seconds: -20 * 3600 + 1), now: now))
    #expect(!BackupRotation.isDue(last: now, now: now))
    #expect(BackupRotation.isDue(last: now.adding(seconds: 1), now: now))
    #expect(BackupRotation.isDue(last: now.adding(seconds: -30 * 86_400), now: now))
  }

  private func daily(_ count: Int, slug: String?) -> [String] {
    (0..<count).map { day in
      BackupName(slug: slug, date: now.adding(seconds: Int64(-day * 86_400)), timeZone: utc)
        .fileName
    }
  }

  @Test func twentyDailyFilesKeepFourteen() {
    let files = daily(20, slug: slug)
    let doomed = BackupRotation.filesToDelete(among: files.shuffled(), slug: slug, timeZone: utc)
    #expect(doomed == Array(files.suffix(6).reversed()))
  }

  @Test func othersAreNeverDeletedEvenWithKeepZero() {
    let own = daily(3, slug: slug)
    let others =
      daily(20, slug: "iPhone17-1-ffff0000") + daily(20, slug: nil)
      + ["notes.txt", ".dispatch-backup-\(slug)-2026-07-09-1432.json.ab12.tmp"]
      + ["dispatch-backup-\(slug)-2026-13-01-0000.json"]
    let doomed = BackupRotation.filesToDelete(
      among: others + own, slug: slug, keep: 0, timeZone: utc)
    #expect(Set(doomed) == Set(own))
    #expect(BackupRotation.filesToDelete(among: others, slug: slug, keep: 0, timeZone: utc).isEmpty)
  }

  @Test func aSlugThatExtendsAnotherIsAnotherDevice() {
    let files = daily(16, slug: slug + "-2")
    #expect(BackupRotation.filesToDelete(among: files, slug: slug, timeZone: utc).isEmpty)
  }

  @Test func fewerThanKeepDeletesNothing() {
    #expect(
      BackupRotation.filesToDelete(among: daily(14, slug: slug), slug: slug, timeZone: utc).isEmpty)
  }
}
