import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Parses our own SVG output with Foundation's `XMLParser` (fine without a DTD) to prove it is
/// well-formed, collecting each element's first text and attributes by element name.
final class XMLCheck: NSObject, XMLParserDelegate {
  /// What a parse found.
  struct Result {
    var elementNames: [String] = []
    /// The text of the first element of each name.
    var texts: [String: String] = [:]
    /// The attributes of the first element of each name.
    var attributes: [String: [String: String]] = [:]
  }

  private var result = Result()
  private var open: [String] = []
  private var buffer = ""

  /// The parse of `text`, or nil when it is not well-formed XML.
  static func parse(_ text: String) -> Result? {
    let parser = XMLParser(data: Data(text.utf8))
    let delegate = XMLCheck()
    parser.delegate = delegate
    return parser.parse() ? delegate.result : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    result.elementNames.append(elementName)
    if result.attributes[elementName] == nil { result.attributes[elementName] = attributeDict }
    open.append(elementName)
    buffer = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    buffer += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    if result.texts[elementName] == nil && !buffer.isEmpty { result.texts[elementName] = buffer }
    buffer = ""
    open.removeLast()
  }
}
