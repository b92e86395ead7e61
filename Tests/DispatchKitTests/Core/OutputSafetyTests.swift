import Foundation
import Testing

@testable import DispatchSupport

/// The support layer's three guards on what leaves the process: URLs redacted, control
/// characters escaped for a terminal, personal files private whatever the umask.
struct OutputSafetyTests {
  @Test(arguments: [
    ("https://example.com/hook", "https://example.com/hook"),
    ("https://u:pw@example.com/hook", "https://***@example.com/hook"),
    ("http://u:pw@127.0.0.1:8080/x?token=abc&v=2", "http://***@127.0.0.1:8080/x?token=***&v=***"),
    ("https://example.com/x?bare&k=&=v", "https://example.com/x?***&k=***&=***"),
    ("https://example.com/x#access_token=abc", "https://example.com/x#***"),
    ("https://example.com/x?a=1#", "https://example.com/x?a=***#"),
    ("https://u:p/w@example.com/x", "https://***@example.com/x"),
    ("https://[::1]:9000/hook?t=1", "https://[::1]:9000/hook?t=***"),
    ("https://mastodon.example/@robbie", "https://mastodon.example/@robbie"),
    ("not a url", "not a url"),
    ("mailto:someone@example.com", "mailto:someone@example.com"),
  ])
  func `a URL is shown without its credentials`(text: String, shown: String) {
    #expect(URLRedaction.redacted(text) == shown)
  }

  @Test func `URLs inside a message are redacted, the rest kept`() {
    #expect(
      URLRedaction.redactingURLs(
        in: "port 70000 of 'http://u:pw@h:70000/x?token=t' is out of range; see https://a.b/?q=1")
        == "port 70000 of 'http://***@h:70000/x?token=***' is out of range; see https://a.b/?q=***")
    #expect(URLRedaction.redactingURLs(in: "HTTP 500") == "HTTP 500")
    #expect(URLRedaction.redactingURLs(in: "a :// b") == "a :// b")
  }

  @Test func `an HTTP error never keeps a URL's credentials`() {
    let error = HTTPError(.invalidURL, "'https://u:secret@h/x?token=t' has no host")
    #expect(error.message == "'https://***@h/x?token=***' has no host")
  }

  @Test func `control characters are escaped as backslash x HH, line feeds and tabs kept`() {
    #expect(TerminalText.escaped("plain, ünïcödé ✓") == "plain, ünïcödé ✓")
    #expect(
      TerminalText.escaped("\u{1B}[31mred\u{07}\u{08}\r\u{0}\u{7F}\u{85}\u{9B}a\tb\nc")
        == "\\x1B[31mred\\x07\\x08\\x0D\\x00\\x7F\\x85\\x9Ba\tb\nc")
  }

  /// The umask is the process's, shared by the tests running alongside, so it is left alone
  /// here; the command-line tests run `dispatch` under `umask 000`.
  @Test func `files are 0600, new folders 0700, and a published file exactly its mode`() throws {
    let folder = try TemporaryDirectory()
    let nested = folder.file("a/b/c")
    try PrivateFiles.createFolder(nested)
    for path in ["a", "a/b", "a/b/c"].map(folder.file) {
      #expect(try TemporaryDirectory.permissions(of: path) == 0o700, "\(path)")
    }
    let file = nested + "/page.html"
    try PrivateFiles.write(Array("one".utf8), to: file)
    #expect(try TemporaryDirectory.permissions(of: file) == 0o600)
    try PrivateFiles.write(Array("two".utf8), to: file, mode: 0o644)
    #expect(try TemporaryDirectory.permissions(of: file) == 0o644)
    #expect(FileManager.default.contents(atPath: file) == Data("two".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: nested) == ["page.html"])
  }

  @Test func `a failed write leaves nothing, and a file in the way of a folder is refused`() throws
  {
    let folder = try TemporaryDirectory()
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try PrivateFiles.write(to: folder.file("x")) { emit in
        emit([1, 2, 3])
        throw Stop()
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    try PrivateFiles.write([1], to: folder.file("file"))
    #expect(throws: PrivateFileError(.notAFolder, path: folder.file("file"))) {
      try PrivateFiles.createFolder(folder.file("file/sub"))
    }
    #expect(throws: PrivateFileError.self) {
      try PrivateFiles.write([1], to: folder.file("missing/file"))
    }
  }
}
