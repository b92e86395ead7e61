import DispatchKit
import Testing

/// ``JSONWriter``'s `.dispatchV2` style prints what Foundation's `JSONEncoder`
/// (`.prettyPrinted`, `.sortedKeys`) prints, in the corners where a naive writer differs
/// (checked with Swift 6.3.1 on Linux).
struct V2ExportWriterGapTests {
  /// Foundation writes an empty array as `[`, a blank line, and `]` at the member's indent.
  /// v2 files hit this for `tokens`/`answeredOptions`/`textResponses` written as `[]`
  /// (docs/formats/dispatch-v2.md#omitted-values) and for an empty store's `questions`/`reports`.
  @Test func `empty arrays print as Foundation prints them`() {
    #expect(
      JSONWriter.string(.object([("tokens", .array([]))]), style: .dispatchV2)
        == "{\n  \"tokens\" : [\n\n  ]\n}")
  }

  /// Foundation prints an empty object the same way, e.g. a placemark with no fields.
  @Test func `empty objects print as Foundation prints them`() {
    #expect(
      JSONWriter.string(.object([("placemark", .object([]))]), style: .dispatchV2)
        == "{\n  \"placemark\" : {\n\n  }\n}")
  }

  /// Foundation prints `description` minus a trailing `.0`, keeping the sign of −0.
  @Test(arguments: [
    (1e15, "1000000000000000"), (9_007_199_254_740_992, "9007199254740992"), (-0.0, "-0"),
  ])
  func `integral doubles print as Foundation prints them`(value: Double, text: String) {
    #expect(JSONWriter.string(.double(value), style: .dispatchV2) == text)
  }
}
