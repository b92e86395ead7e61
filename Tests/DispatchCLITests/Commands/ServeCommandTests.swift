import DispatchSupport
import Foundation
import Testing

/// `dispatch serve` end to end (docs/serve.md): a token from the command line opens the API of
/// the running server, a report filed through it is in the store, SIGTERM stops it, and an
/// address off this machine without TLS is refused before anything listens.
@Suite("serve")
struct ServeCommandTests {
  /// The JSON object `path` holds once the server has written it, waiting up to 30 s.
  private func startLine(in path: String) -> [String: Any]? {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let data = FileManager.default.contents(atPath: path), !data.isEmpty,
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      {
        return object
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

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
    let outPath = cli.path("serve.out")
    try Data().write(to: URL(fileURLWithPath: outPath))
    let server = Process()
    server.executableURL = CLISandbox.executable
    server.arguments = ["serve", "--listen", "127.0.0.1:0", "--json"]
    server.environment = cli.environment
    server.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      if server.isRunning { kill(server.processIdentifier, SIGKILL) }
      server.waitUntilExit()
    }
    let started = try #require(startLine(in: outPath))
    let port = try #require(started["port"] as? Int)
    #expect(started["url"] as? String == "http://127.0.0.1:\(port)")
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
    kill(server.processIdentifier, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(!server.isRunning)
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
