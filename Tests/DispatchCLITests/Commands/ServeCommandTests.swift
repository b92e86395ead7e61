import DispatchSupport
import Foundation
import Testing

/// `dispatch serve` end to end (docs/serve.md): a token from the command line opens the API of
/// the running server, a report filed through it is in the store, SIGTERM stops it, and an
/// address off this machine without TLS is refused before anything listens.
@Suite("serve")
struct ServeCommandTests {
  @Test func `a token opens the running server's API and a filed report reaches the store`()
    throws
  {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let issued = try cli.succeed(["serve", "token", "new", "phone", "--json"])
    let token =
      try #require(
        try JSONSerialization.jsonObject(with: Data(issued.stdout.utf8)) as? [String: Any])["token"]
      as? String
    let server = try RunningServe(cli)
    let port = server.port
    #expect(server.startLine["url"] as? String == "http://127.0.0.1:\(port)")
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/reports"))
    let body = #"{"id": "phone-report-0001", "answers": {"Who are you with?": ["Ann"]}}"#
    let response = try HTTPClient().send(
      HTTPRequest(
        method: "POST", url: url, headers: [("Authorization", "Bearer \(try #require(token))")],
        body: Array(body.utf8)))
    #expect(response.status == 201)
    let listed = try cli.succeed(["reports", "list", "--json"])
    #expect(listed.stdout.contains("phone-report-0001"))
    #expect(try cli.succeed(["serve", "sessions"]).stdout.contains("phone"))
    // SIGTERM ends it cleanly, whatever mask the test runner left.
    #expect(server.terminate())
  }

  @Test func `serve pair prints a one-time link under the phone's address`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let text = try cli.succeed(["serve", "pair"])
    #expect(text.stdout.contains("http://127.0.0.1:8421/pair/"))
    // Not a terminal: the link alone, no QR code's escape sequences.
    #expect(!text.stdout.contains("\u{1B}["))
    let json = try cli.succeed(
      ["serve", "pair", "--base-url", "https://laptop.tailnet.ts.net:8421/", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let url = try #require(object["url"] as? String)
    #expect(url.hasPrefix("https://laptop.tailnet.ts.net:8421/pair/"))
    #expect(url.count == "https://laptop.tailnet.ts.net:8421/pair/".count + 32)
    #expect(object["expires"] as? String == "2026-03-04T10:10:00.000Z")
    try cli.succeed(["settings", "set", "serve-url", "https://phone.example"])
    #expect(try cli.succeed(["serve", "pair"]).stdout.contains("https://phone.example/pair/"))
    for bad in ["ftp://host", "https://", "https://host/?next=1", "host:8421"] {
      try cli.fail(["serve", "pair", "--base-url", bad], status: 64, message: "--base-url must be")
    }
  }

  @Test func `on a terminal serve pair draws the link's QR code black on white`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let terminal = try PseudoTerminal()
    let result = try cli.run(["serve", "pair"], stdout: terminal.terminal)
    #expect(result.status == 0)
    let lines = terminal.drain().components(separatedBy: "\r\n")
    let code = lines.filter { $0.hasPrefix("\u{1B}[30;47m") && $0.hasSuffix("\u{1B}[0m") }
    // Version 3 at the least (a 61-character link), with a two-module quiet zone: 33 columns.
    #expect(code.count >= 16, "\(lines)")
    #expect(code.contains { $0.contains("█") && $0.contains("▀") })
    #expect(!lines.joined().contains("\\x1B"))
  }

  @Test func `another address needs TLS or --insecure-http, and names are checked`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(
      ["serve", "--listen", "0.0.0.0:0"], status: 64, message: "without TLS would send tokens")
    try cli.fail(
      ["serve", "--listen", "localhost:80"], status: 64, message: "is not an IP address")
    try cli.fail(["serve", "--tls-cert", "cert.pem"], status: 64, message: "go together")
    try cli.fail(["serve", "token", "new", " "], status: 64, message: "give the token a name")
    try cli.succeed(["serve", "token", "new", "phone"])
    try cli.fail(["serve", "token", "new", "phone"], status: 65, message: "already named 'phone'")
    try cli.fail(["serve", "revoke", "nothing"], status: 64, message: "no token or session")
    #expect(try cli.succeed(["serve", "revoke", "phone"]).stdout.contains("Revoked token 'phone'"))
  }
}
