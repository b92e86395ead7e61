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

/// The SVG element tree and its writer: number text, escaping, attribute order and layout.
struct SVGWriterTests {
  @Test(
    arguments: [
      (0.0, 2, "0"), (-0.0, 2, "0"), (-0.001, 2, "0"), (1.5, 2, "1.5"), (1.25, 1, "1.3"),
      (-1.25, 1, "-1.3"), (12.3456, 2, "12.35"), (100, 2, "100"), (0.05, 2, "0.05"),
      (0.1 + 0.2, 2, "0.3"), (-7, 0, "-7"), (2.5, 0, "3"), (123_456_789.125, 3, "123456789.125"),
      (1e20, 2, "1e+20"), (-3.0e300, 6, "-3e+300"),
    ] as [(Double, Int, String)])
  func `numbers are short, rounded and locale-free`(value: Double, decimals: Int, text: String) {
    #expect(SVGNumber.text(value, decimals: decimals) == text)
  }

  @Test func `text escapes markup; attributes also quotes and line breaks`() {
    let raw = "a < b & c > \"d\"\n\te"
    #expect(SVGWriter.escaped(raw, inAttribute: false) == "a &lt; b &amp; c &gt; \"d\"\n\te")
    #expect(
      SVGWriter.escaped(raw, inAttribute: true)
        == "a &lt; b &amp; c &gt; &quot;d&quot;&#10;&#9;e")
    #expect(SVGWriter.escaped("x\r", inAttribute: false) == "x&#13;")
  }

  @Test func `characters XML cannot carry become the replacement character`() {
    #expect(SVGWriter.escaped("a\u{0}b\u{1B}c", inAttribute: false) == "a\u{FFFD}b\u{FFFD}c")
    #expect(SVGWriter.escaped("\u{FFFE}\u{FFFF}é", inAttribute: true) == "\u{FFFD}\u{FFFD}é")
  }

  @Test func `attributes keep insertion order and re-setting keeps the position`() {
    var element = SVGElement(
      "rect", [SVGAttribute("y", 2), SVGAttribute("x", 1), SVGAttribute("fill", "#000")])
    element.set("x", "5")
    element.set("stroke", "none")
    #expect(element.attributes.map(\.name) == ["y", "x", "fill", "stroke"])
    #expect(element[attribute: "x"] == "5")
    #expect(
      SVGWriter().fragment(element) == "<rect y=\"2\" x=\"5\" fill=\"#000\" stroke=\"none\"/>\n")
  }

  @Test func `documents nest two spaces deep and write text inline`() {
    var group = SVGElement("g", [SVGAttribute("class", "a&b")])
    group.append(SVGElement("text", [SVGAttribute("x", 1.5)], text: "<hi>"))
    group.append(SVGElement("path", [SVGAttribute("d", "M0,0L1,1")]))
    let root = SVGElement("svg", children: [.element(group)])
    #expect(
      SVGWriter().document(root) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg>
          <g class="a&amp;b">
            <text x="1.5">&lt;hi&gt;</text>
            <path d="M0,0L1,1"/>
          </g>
        </svg>

        """)
  }

  @Test func `path data is compact absolute commands`() {
    var path = SVGPathData()
    path.move(x: 1, y: 2.5)
    path.line(x: -0.001, y: 3.456)
    path.rectangle(x: 0, y: 0, width: 4, height: 2)
    path.circle(x: 10, y: 10, radius: 2.5)
    #expect(
      path.text == "M1,2.5L0,3.46M0,0h4v2h-4ZM7.5,10a2.5,2.5 0 1,0 5,0a2.5,2.5 0 1,0 -5,0Z")
  }

  @Test func `escaped hostile text parses back to the same characters`() throws {
    let hostile = "</title><script>alert(1)</script> & \"quotes\" 'single' \u{7}"
    let root = SVGElement(
      "svg",
      [SVGAttribute("xmlns", "http://www.w3.org/2000/svg"), SVGAttribute("data-x", hostile)],
      children: [.element(SVGElement("title", text: hostile))])
    let text = SVGWriter().document(root)
    let parsed = try #require(XMLCheck.parse(text))
    #expect(!text.contains("<script>"))
    #expect(parsed.texts["title"] == hostile.replacingOccurrences(of: "\u{7}", with: "\u{FFFD}"))
    #expect(
      parsed.attributes["svg"]?["data-x"]
        == hostile.replacingOccurrences(of: "\u{7}", with: "\u{FFFD}"))
  }

  @Test(arguments: ["1a", "-x", "a b", "a\"", "", "é"])
  func `only plain XML names are names`(name: String) {
    #expect(!SVGElement.isXMLName(name))
  }
}
