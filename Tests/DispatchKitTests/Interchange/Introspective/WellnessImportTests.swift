import DispatchKit
import Testing

/// Wellness CSV (docs/formats/introspective.md#wellness, docs/formats/introspective.md#mood-scales,
/// docs/formats/introspective.md#reference-vectors; docs/test-fixtures.md#wellnesscsv).
struct WellnessImportTests {
  typealias F = FamilyFixtures

  static let header = "Date,Time,Rating,Note,Health Entry Type\n"

  @Test func `the fixture gives the manifest's counts`() throws {
    let batch = try F.parse("wellness.csv")
    #expect(batch.format == .wellness && batch.skipped == 0 && batch.problems.isEmpty)
    let moods = batch.records.ratings
    #expect(moods.count == 10)
    #expect(moods.map(\.rating) == [5, 4, 6, 3, 4, 7, 6, 5, 2, 4])
    #expect(
      moods.allSatisfy { $0.scale == .wellness && $0.source == "Wellness" && $0.kind == .mood })
    #expect(moods.filter { $0.note == nil }.count == 3)
    #expect(moods.filter { $0.note?.contains("\n") == true }.count == 1)
    #expect(moods.filter { $0.note?.contains(",") == true }.count == 2)
    #expect(moods.filter { $0.note?.contains("\"") == true }.count == 1)
    let times = moods.map { F.local($0.time) }
    #expect(times.min() == "2018-05-01 08:12" && times.max() == "2018-05-04 16:47")
    #expect(times != times.sorted())
    #expect(
      moods.allSatisfy { $0.time.precision == .minute && $0.time.timeZoneIdentifier == F.zone })
    #expect(F.utc(moods[0].time) == "2018-05-01T12:12:00Z")
  }

  @Test func `ratings are rescaled onto the mood scale when asked`() throws {
    let moods = try F.parse("wellness.csv", options: F.options(rescale: true)).records.ratings
    #expect(moods.map(\.rating) == [7, 5.5, 8.5, 4, 5.5, 10, 8.5, 7, 2.5, 5.5])
    #expect(moods.allSatisfy { $0.scale == .mood })
  }

  @Test func `with scaling to 3 to 15 a rating r becomes 2r + 1`() throws {
    let scale = RatingScale(minimum: 3, maximum: 15)
    let batch = try F.parse(
      text: Self.header + "4/4/18, 17:18,4,\"Uncertain about future\nFrustrated with work\"\n"
        + "4/6/18, 15:06,4,\"\"\n4/5/18, 11:24,3,\"\"",
      options: F.options(rescale: true, scale: scale))
    #expect(batch.records.ratings.map(\.rating) == [9, 9, 7])
    #expect(batch.records.ratings.allSatisfy { $0.scale == scale })
    #expect(batch.records.ratings[1].note == nil)
  }

  @Test func `the bad fixture imports two rows and names the five bad ones`() throws {
    let batch = try F.parse("wellness-bad.csv")
    #expect(batch.records.ratings.map(\.rating) == [5, 6])
    #expect(batch.skipped == 5)
    #expect(
      F.problems(batch) == [
        "2 Date: unexpected date/time '2018/09/21, 14:21'",
        "3 Date: unexpected date/time '99/99/99, 14:21'",
        "4 Date: unexpected date/time '5/5/18, 99:99'",
        "5 Rating: invalid rating 'invalid rating': expected a number from 1 to 7",
        "6 Time: no date/time",
      ])
  }

  @Test(arguments: ["0", "8", "7.5", "nan", "-1", ""])
  func `a rating outside 1 to 7 is a problem`(_ rating: String) throws {
    let batch = try F.parse(text: Self.header + "4/4/18, 17:18,\(rating),\"x\"")
    #expect(batch.records.ratings.isEmpty && batch.skipped == 1)
    #expect(batch.problems.first?.field == "Rating")
  }

  @Test func `a valid row survives the bad ones`() throws {
    let batch = try F.parse(
      text: Self.header + "10/19/12, 12:12,4,\"ok\"\n2018/09/21, 14:21,4,\"note\"\n"
        + "99/99/99, 14:21,4,\"note\"\n10/19/12, 99:99,4,\"note\"\n"
        + "10/19/12, 12:12,invalid rating,\"note\"")
    #expect(batch.records.ratings.count == 1 && batch.skipped == 4)
    #expect(F.local(batch.records.ratings[0].time) == "2012-10-19 12:12")
  }
}
