import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The strict JSON parser behind the Reporter and v2 importers: valid documents read as
/// `JSONSerialization` reads them, every malformed input is refused at its offset, and mutated
/// input never traps.
struct JSONParserTests {
  /// Parses UTF-8 text.
  func parse(_ text: String) throws(JSONParseError) -> JSONDocument {
    try JSONParser.parse(Array(text.utf8))
  }

  /// Whether the parsed `node` is the same JSON as `JSONSerialization`'s `value`.
  func agrees(_ node: JSONNode, _ value: Any) -> Bool {
    switch node.kind {
    case .null:
      return value is NSNull
    case .bool:
      guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
        return false
      }
      return number.boolValue == node.bool
    case .number:
      if let decimal = value as? NSDecimalNumber {
        // JSONSerialization keeps long mantissas (`-122.4215530912776`) as decimals, whose
        // `doubleValue` can be an ulp off; the parser's double is the correctly rounded one.
        return node.numberText.flatMap { Decimal(string: $0) } == decimal.decimalValue
      }
      guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
        return false
      }
      return number.doubleValue == node.double
    case .string:
      return (value as? String) == node.string
    case .array:
      guard let items = value as? [Any], let elements = node.array,
        items.count == elements.count
      else { return false }
      return zip(elements, items).allSatisfy { agrees($0, $1) }
    case .object:
      guard let dictionary = value as? [String: Any], let object = node.object,
        dictionary.count == object.count
      else { return false }
      return object.members.allSatisfy { member in
        dictionary[member.key].map { agrees(member.value, $0) } ?? false
      }
    }
  }

  /// Reads every value of the tree, so lazily decoded strings and numbers are exercised too.
  func walk(_ node: JSONNode) -> Int {
    switch node.kind {
    case .null, .bool: return 1
    case .number:
      _ = node.int
      _ = node.numberText
      return node.double == nil ? 0 : 1
    case .string: return node.string == nil ? 0 : 1
    case .array: return 1 + (node.array ?? []).reduce(0) { $0 + walk($1) }
    case .object:
      // Building the members decodes every key.
      return 1 + (node.object?.members ?? []).reduce(0) { $0 + walk($1.value) }
    }
  }

  static let validDocuments = [
    "null", "true", "false", "0", "-1", "3.25", "\"\"", "\"text\"", "[]", "{}", " [ 1 , 2 ] ",
    "\t\r\n{\"a\" : [true, false, null, {\"b\": \"c\"}], \"d\": -0.5e-3}\n",
    "[[[[[]]]], {}, [{}], \"é\", \"日本語\", \"😀\"]",
    "{\"uniqueIdentifier\": \"A-1\", \"battery\": 0.81, \"steps\": -1, \"draft\": 0}",
    "[1E2, 1e+2, 1e-2, 2.5E-3, 123456789012345, -987654321]",
    "{\"nested\": {\"deeper\": {\"deepest\": [1, [2, [3]]]}}}",
  ]

  @Test(arguments: validDocuments)
  func `valid documents read as JSONSerialization reads them`(_ text: String) throws {
    let document = try parse(text)
    let expected = try JSONSerialization.jsonObject(
      with: Data(text.utf8), options: [.fragmentsAllowed])
    #expect(agrees(document.root, expected))
  }

  @Test func `the fixtures read as JSONSerialization reads them`() throws {
    for name in [
      "synthetic-2x-export.json", "v1x-export.json",
      "legacy-day-files/2014-01-20-reporter-export.json",
    ] {
      let bytes = try ReporterJSONFixtures.bytes(name)
      let document = try JSONParser.parse(bytes)
      #expect(agrees(document.root, try JSONSerialization.jsonObject(with: Data(bytes))))
    }
  }

  @Test func `every escape decodes`() throws {
    let text = #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \u0000 \ud83d\ude00 \uD834\uDD1E""#
    let decoded = try parse(text).root.string
    #expect(decoded == "\" \\ / \u{08} \u{0C} \n \r \t A é € \u{0} 😀 𝄞")
    #expect(try parse(#"{"k\u0065y": 1}"#).root.object?["key"]?.int == 1)
  }

  @Test func `raw UTF-8 and a byte-order mark are accepted`() throws {
    let document = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[\"Grüße 🌍\"]".utf8))
    #expect(document.root.array?.first?.string == "Grüße 🌍")
  }

  @Test func `Booleans and numbers stay apart`() throws {
    let object = try #require(
      try parse(#"{"t": true, "f": false, "one": 1, "n": null}"#).root.object)
    #expect(object["t"]?.bool == true)
    #expect(object["t"]?.double == nil)
    #expect(object["one"]?.bool == nil)
    #expect(object["one"]?.int == 1)
    #expect(object["n"]?.isNull == true)
    #expect(object["missing"] == nil)
  }

  @Test func `the last of repeated keys wins`() throws {
    let object = try #require(try parse(#"{"a": 1, "b": 2, "a": 3}"#).root.object)
    #expect(object["a"]?.int == 3)
    #expect(object.members.map(\.key) == ["a", "b", "a"])
    let foundation = try JSONSerialization.jsonObject(with: Data(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
    #expect(((foundation as? [String: Any])?["a"] as? NSNumber)?.intValue == 3)
  }

  @Test func `big integers and negative zero keep their exact text`() throws {
    let items = try #require(
      try parse(
        "[9223372036854775807, -9223372036854775808, 18446744073709551616, -0, 12345678901234567890123]"
      ).root.array)
    #expect(items[0].int == Int.max)
    #expect(items[0].numberText == "9223372036854775807")
    #expect(items[1].int == Int.min)
    #expect(items[2].int == nil)
    #expect(items[2].numberText == "18446744073709551616")
    #expect(items[2].double == 18_446_744_073_709_551_616)
    #expect(items[3].numberText == "-0")
    #expect(items[3].double?.sign == .minus)
    #expect(items[3].int == 0)
    #expect(items[4].double == 1.2345678901234568e22)
  }

  @Test func `exponent and fraction forms`() throws {
    let cases: [(String, Double, Int?)] = [
      ("1e2", 100, 100), ("1E2", 100, 100), ("1e+2", 100, 100), ("1e-2", 0.01, nil),
      ("-1.5E-3", -0.0015, nil), ("0.5", 0.5, nil), ("1.0", 1, 1), ("1.5", 1.5, nil),
      ("0e0", 0, 0), ("2.5e1", 25, 25), ("0.1", 0.1, nil),
      ("123456.789e3", 123_456_789, 123_456_789),
    ]
    for (text, value, int) in cases {
      let node = try parse(text).root
      #expect(node.double == value, "\(text)")
      #expect(node.int == int, "\(text)")
      #expect(node.numberText == text)
    }
    #expect(try parse("1e400").root.double == .infinity)
    #expect(try parse("-1e400").root.double == -.infinity)
    #expect(try parse("1e-400").root.double == 0)
  }

  @Test func `nesting up to the limit is read, deeper is refused`() throws {
    let limit = JSONParser.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(try parse(deepest).root.array?.count == 1)
    let tooDeep =
      String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(throws: JSONParseError(offset: limit, reason: "nesting deeper than 512 levels")) {
      try parse(tooDeep)
    }
    // Far deeper than any stack would allow for a recursive parser.
    #expect(throws: JSONParseError.self) {
      try parse(String(repeating: "{\"a\":[", count: 200_000))
    }
  }

  static let malformed: [(bytes: [UInt8], offset: Int, reason: String)] = [
    (Array("".utf8), 0, "unexpected end of input"),
    (Array("   ".utf8), 3, "unexpected end of input"),
    ([0xEF, 0xBB, 0xBF], 3, "unexpected end of input"),
    (Array("{".utf8), 1, "unexpected end of input"),
    (Array("[1,".utf8), 3, "unexpected end of input"),
    (Array("[1,]".utf8), 3, "unexpected character"),
    (Array("{\"a\":1,}".utf8), 7, "expected a string key"),
    (Array("{a:1}".utf8), 1, "expected a string key"),
    (Array("{\"a\" 1}".utf8), 5, "expected ':'"),
    (Array("{\"a\":1 \"b\":2}".utf8), 7, "expected ',' or '}'"),
    (Array("[1 2]".utf8), 3, "expected ',' or ']'"),
    (Array("[1}".utf8), 2, "expected ',' or ']'"),
    (Array("01".utf8), 1, "leading zero in number"),
    (Array("-".utf8), 1, "invalid number"),
    (Array("-a".utf8), 1, "invalid number"),
    (Array("1.".utf8), 2, "invalid number"),
    (Array("1.e3".utf8), 2, "invalid number"),
    (Array("1e".utf8), 2, "invalid number"),
    (Array("1e+".utf8), 3, "invalid number"),
    (Array(".5".utf8), 0, "unexpected character"),
    (Array("+1".utf8), 0, "unexpected character"),
    (Array("NaN".utf8), 0, "unexpected character"),
    (Array("Infinity".utf8), 0, "unexpected character"),
    (Array("tru".utf8), 3, "unexpected end of input"),
    (Array("trux".utf8), 3, "invalid literal"),
    (Array("nul".utf8), 3, "unexpected end of input"),
    (Array("fals e".utf8), 4, "invalid literal"),
    (Array("'a'".utf8), 0, "unexpected character"),
    (Array("\"abc".utf8), 4, "unterminated string"),
    (Array("\"a\tb\"".utf8), 2, "control character in string"),
    (Array("\"a\nb\"".utf8), 2, "control character in string"),
    (Array("\"\\x\"".utf8), 1, "invalid escape"),
    (Array("\"\\".utf8), 1, "unterminated string"),
    (Array("\"\\u12G4\"".utf8), 5, "invalid \\u escape"),
    (Array("\"\\u12".utf8), 5, "unterminated string"),
    (Array("\"\\ud800\"".utf8), 1, "lone high surrogate"),
    (Array("\"\\ud800\\u0041\"".utf8), 1, "lone high surrogate"),
    (Array("\"\\ud800x\"".utf8), 1, "lone high surrogate"),
    (Array("\"\\udc00\"".utf8), 1, "lone low surrogate"),
    (Array("\"\\ude00\\ud83d\"".utf8), 1, "lone low surrogate"),
    ([0x22, 0xFF, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0x80, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0xC0, 0x80, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0xE0, 0x80, 0x80, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0xE2, 0x82, 0x22], 1, "invalid utf-8 in string"),
    ([0x22, 0xE2, 0x82], 1, "invalid utf-8 in string"),
    ([0xC2, 0xA0, 0x31], 0, "unexpected character"),
    (Array("1 2".utf8), 2, "unexpected data after the document"),
    (Array("{} x".utf8), 3, "unexpected data after the document"),
    (Array("[1]]".utf8), 3, "unexpected data after the document"),
    (Array("// note\n1".utf8), 0, "unexpected character"),
    (Array("[1] // note".utf8), 4, "unexpected data after the document"),
    ([0x31, 0x00], 1, "unexpected data after the document"),
  ]

  /// Malformed input that Foundation's `JSONSerialization` (Swift 6.3.1, Linux) accepts anyway:
  /// trailing commas, and anything after a NUL byte.
  static let foundationAccepts: [[UInt8]] = [
    Array("[1,]".utf8), Array("{\"a\":1,}".utf8), [0x31, 0x00],
  ]

  @Test func `malformed input is refused at its offset with a reason`() {
    for (bytes, offset, reason) in Self.malformed {
      #expect(throws: JSONParseError(offset: offset, reason: reason), "\(bytes)") {
        try JSONParser.parse(bytes)
      }
      guard !Self.foundationAccepts.contains(bytes) else { continue }
      let foundation = try? JSONSerialization.jsonObject(
        with: Data(bytes), options: [.fragmentsAllowed])
      #expect(foundation == nil, "\(bytes)")
    }
  }

  @Test func `errors describe themselves with their offset`() {
    #expect(
      JSONParseError(offset: 7, reason: "expected ':'").description == "expected ':' at byte 7")
  }

  @Test func `mutated documents parse or fail with an offset, never trap`() throws {
    var random = SplitMix64(seed: 0x4A53_4F4E)
    let interesting =
      Array("{}[]\",:0123456789-+.eEtrufalsn \\/bu".utf8) + [
        0xFF, 0xC3, 0xA9, 0xED, 0xF0, 0x9F, 0x80, 0x00, 0x09, 0x0A,
      ]
    var accepted = 0
    var refused = 0
    for name in ["synthetic-2x-export.json", "v1x-export.json"] {
      let original = try ReporterJSONFixtures.bytes(name)
      for _ in 0..<2_500 {
        var bytes = original
        for _ in 0...Int(random.next() % 4) {
          guard !bytes.isEmpty else { break }
          let at = Int(random.next() % UInt64(bytes.count))
          let pick = interesting[Int(random.next() % UInt64(interesting.count))]
          switch random.next() % 6 {
          case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
          case 1: bytes.insert(pick, at: at)
          case 2: bytes.remove(at: at)
          case 3: bytes[at] = pick
          case 4: bytes.insert(contentsOf: bytes[at..<min(at + 16, bytes.count)], at: at)
          default: bytes.removeSubrange(at...)
          }
        }
        do {
          let document = try JSONParser.parse(bytes)
          #expect(walk(document.root) > 0)
          accepted += 1
        } catch {
          #expect(error.offset >= 0 && error.offset <= bytes.count)
          #expect(error.reason == error.reason.lowercased())
          refused += 1
        }
      }
    }
    // Both outcomes occur, so the mutations exercise the parser and not only its first check.
    #expect(accepted > 50)
    #expect(refused > 1_000)
  }
}
