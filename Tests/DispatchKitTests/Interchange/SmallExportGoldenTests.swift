import DispatchKit
import Testing

/// The other export layouts of the `small-export.json` store, pinned as golden files
/// (docs/formats/exports.md).
struct SmallExportGoldenTests {
  static let questions = SmallExportDefinitions.questions
  static let reports = SmallExportReports.reports

  @Test func `reports CSV`() {
    GoldenFile.expectMatches(
      ReportsCSVExporter.csv(questions: Self.questions, reports: Self.reports),
      suite: "SmallExportGoldenTests", name: "reports.csv")
  }

  @Test func `Day One JSON`() {
    GoldenFile.expectMatches(
      DayOneExporter.string(reports: Self.reports),
      suite: "SmallExportGoldenTests", name: "dayone.json")
  }

  @Test func `Markdown files`() {
    let files = MarkdownExporter.files(reports: Self.reports)
    let joined = files.map { "==> " + $0.fileName + " <==\n" + $0.contents }.joined()
    GoldenFile.expectMatches(joined, suite: "SmallExportGoldenTests", name: "markdown.txt")
  }

  @Test func `question definitions as JSON and CSV`() {
    GoldenFile.expectMatches(
      QuestionPortability.json(questions: Self.questions),
      suite: "SmallExportGoldenTests", name: "questions.json")
    GoldenFile.expectMatches(
      QuestionPortability.csv(questions: Self.questions),
      suite: "SmallExportGoldenTests", name: "questions.csv")
  }
}
