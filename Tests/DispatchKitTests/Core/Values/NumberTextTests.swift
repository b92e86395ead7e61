import DispatchKit
import Testing

/// Introspective's "is a number" test (docs/formats/introspective.md#numbers-in-text).
struct NumberTextTests {
  @Test(arguments: ["0", "12", "007", "0.4", ".1", "12.50", String(repeating: "9", count: 500)])
  func `digits with at most one inner dot are plain numbers`(text: String) {
    #expect(isPlainNumber(text))
  }

  @Test(arguments: [
    "", " ", ".", "5.", "1.2.3", "-1", "+1", "1e5", "1,000", " 1", "1 ", "nan", "inf", "٣", "３",
    "1\u{301}", "½", "0x1F", "💯",
  ])
  func `signs, exponents, grouping, spaces and other scripts are not`(text: String) {
    #expect(!isPlainNumber(text))
  }
}
