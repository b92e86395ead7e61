/// Reads one HTTP/1.1 response from a byte stream: the status line, header fields, and a body
/// framed by `Content-Length`, by chunks, or by the end of the connection (RFC 9112 §6).
package struct HTTPResponseReader {
  /// The longest status or header line accepted.
  static let maximumLineLength = 16 * 1024
  /// The most header fields accepted.
  static let maximumHeaderCount = 200

  private let readMore: () throws(HTTPError) -> [UInt8]
  private let peer: String
  private let maximumBodyBytes: Int
  private var buffer: [UInt8] = []
  private var position = 0

  /// - Parameters:
  ///   - peer: the server, named in error messages.
  ///   - maximumBodyBytes: the largest body accepted.
  ///   - readMore: the next bytes from the connection; empty when it closed.
  init(
    peer: String, maximumBodyBytes: Int, readMore: @escaping () throws(HTTPError) -> [UInt8]
  ) {
    self.peer = peer
    self.maximumBodyBytes = maximumBodyBytes
    self.readMore = readMore
  }

  /// The response to a request made with `method`; interim 1xx responses are skipped.
  mutating func response(method: String) throws(HTTPError) -> HTTPResponse {
    var (status, headers) = try head()
    while (100..<200).contains(status) { (status, headers) = try head() }
    var response = HTTPResponse(status: status, headers: headers)
    if method == "HEAD" || status == 204 || status == 304 { return response }
    if let coding = response.header("Transfer-Encoding"), coding.lowercased().contains("chunked") {
      response.body = try chunkedBody()
    } else if let length = response.header("Content-Length") {
      guard let count = Int(Self.trimmed(length)), count >= 0 else {
        throw malformed("a Content-Length of '\(length)'")
      }
      guard count <= maximumBodyBytes else { throw tooLarge() }
      response.body = try bytes(count)
    } else {
      response.body = try bodyUntilClose()
    }
    return response
  }

  private mutating func head() throws(HTTPError) -> (Int, [(name: String, value: String)]) {
    let statusLine = try line()
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
      let status = Int(parts[1]), status >= 100
    else { throw malformed("the status line '\(statusLine.prefix(60))'") }
    var headers: [(name: String, value: String)] = []
    while true {
      let field = try line()
      if field.isEmpty { return (status, headers) }
      guard let colon = field.firstIndex(of: ":"), colon != field.startIndex,
        headers.count < Self.maximumHeaderCount
      else { throw malformed("the header line '\(field.prefix(60))'") }
      headers.append(
        (String(field[..<colon]), Self.trimmed(field[field.index(after: colon)...])))
    }
  }

  /// Chunks until the zero-size one, then the trailer fields, which are read and dropped.
  private mutating func chunkedBody() throws(HTTPError) -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let sizeLine = try line()
      let digits = sizeLine.split(separator: ";", maxSplits: 1).first.map { Self.trimmed($0) }
      guard let digits, !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16)
      else { throw malformed("the chunk size '\(sizeLine.prefix(20))'") }
      if size == 0 {
        while try !line().isEmpty {}
        return body
      }
      guard body.count + size <= maximumBodyBytes else { throw tooLarge() }
      body += try bytes(size)
      guard try line().isEmpty else { throw malformed("a chunk longer than its size") }
    }
  }

  private mutating func bodyUntilClose() throws(HTTPError) -> [UInt8] {
    var body = Array(buffer[position...])
    buffer = []
    position = 0
    while true {
      let more = try readMore()
      if more.isEmpty { return body }
      guard body.count + more.count <= maximumBodyBytes else { throw tooLarge() }
      body += more
    }
  }

  /// Exactly `count` bytes.
  private mutating func bytes(_ count: Int) throws(HTTPError) -> [UInt8] {
    while buffer.count - position < count { try fill() }
    let slice = Array(buffer[position..<(position + count)])
    position += count
    return slice
  }

  /// One line without its CRLF (a bare LF is accepted, RFC 9112 §2.2).
  private mutating func line() throws(HTTPError) -> String {
    var searched = 0
    while true {
      if let newline = buffer[(position + searched)...].firstIndex(of: 0x0A) {
        var end = newline
        if end > position && buffer[end - 1] == 0x0D { end -= 1 }
        let text = String(decoding: buffer[position..<end], as: UTF8.self)
        position = newline + 1
        return text
      }
      searched = buffer.count - position
      guard searched <= Self.maximumLineLength else {
        throw malformed("a line longer than \(Self.maximumLineLength) bytes")
      }
      try fill()
    }
  }

  /// Reads more bytes, compacting what was consumed; the end of the stream is an error here.
  private mutating func fill() throws(HTTPError) {
    if position > 0 {
      buffer.removeFirst(position)
      position = 0
    }
    let more = try readMore()
    guard !more.isEmpty else {
      throw HTTPError(.malformedResponse, "\(peer) closed the connection mid-response")
    }
    buffer += more
  }

  private func malformed(_ what: String) -> HTTPError {
    HTTPError(.malformedResponse, "\(peer) sent \(what), not an HTTP/1.1 response")
  }

  /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
  private static func trimmed(_ text: some StringProtocol) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
  }

  private func tooLarge() -> HTTPError {
    HTTPError(.responseTooLarge, "\(peer) sent more than \(maximumBodyBytes) bytes")
  }
}
