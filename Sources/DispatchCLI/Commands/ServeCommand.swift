import DispatchCommandLine
import DispatchKit
import DispatchServe
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dispatch serve`: the HTTP API for a phone or a script (docs/serve.md), and its tokens.
enum ServeCommand {
  static let spec: CommandSpec = CommandSpec(
    "serve",
    abstract: "Answer from a phone or a script: the HTTP API, and the tokens that open it",
    discussion: """
      'dispatch serve' listens on 127.0.0.1:8421 until stopped (Ctrl-C): the survey page for \
      a phone at /, and the JSON API at /api/v1. 'dispatch serve pair' prints a one-time link \
      (and a QR code) that signs a phone's browser in; scripts use a bearer token made with \
      'dispatch serve token new NAME'. Only SHA-256 digests of links, sessions and tokens are \
      stored. Listening on anything but loopback needs --tls-cert and --tls-key, or \
      --insecure-http for a VPN interface (WireGuard, Tailscale) that encrypts already. \
      Request bodies over 1 MiB are refused (413) and idle clients dropped after 10 s. See \
      docs/serve.md for the API with curl examples.
      """,
    subcommands: [startSpec, pairSpec, tokenSpec, sessionsSpec, revokeSpec],
    defaultSubcommand: "start",
    examples: [
      "dispatch serve   # listens on 127.0.0.1:8421 until Ctrl-C",
      "dispatch serve pair",
      "dispatch serve token new phone",
      "dispatch serve sessions",
    ])

  static let startSpec: CommandSpec = CommandSpec(
    "start", abstract: "Listen for requests until stopped (the default)",
    options: [
      .value("listen", "ADDRESS:PORT", "Where to listen (default 127.0.0.1:8421; port 0: any)"),
      .value("tls-cert", "FILE", completion: .file, "PEM certificate chain, for HTTPS"),
      .value("tls-key", "FILE", completion: .file, "PEM private key of --tls-cert"),
      .flag("insecure-http", "Allow plain HTTP on an address other than loopback (a VPN's)"),
      baseURLOption,
    ],
    json: true,
    examples: ["dispatch serve start --listen 127.0.0.1:0 --json   # prints the port, runs"],
    run: start)

  static let baseURLOption = OptionSpec.value(
    "base-url", "URL",
    "The address a phone uses, e.g. https://laptop.tailnet.ts.net:8421 (default: the "
      + "serve-url setting, else http://127.0.0.1:8421)")

  static let pairSpec: CommandSpec = CommandSpec(
    "pair", abstract: "Print a one-time link (and QR code) that pairs a phone's browser",
    discussion: """
      The link works once, within 10 minutes: opening it on the phone and pressing "Pair \
      this browser" signs that browser in for 90 days (an HttpOnly, SameSite=Strict cookie, \
      Secure under HTTPS). List sessions with 'dispatch serve sessions', end one with \
      'dispatch serve revoke ID'. On a terminal a QR code follows the link.
      """,
    options: [baseURLOption], json: true,
    examples: [
      "dispatch serve pair",
      "dispatch serve pair --base-url https://laptop.tailnet.ts.net:8421 --json",
    ],
    run: pair)

  static let tokenSpec: CommandSpec = CommandSpec(
    "token", abstract: "Make a bearer token for a script or a phone",
    subcommands: [tokenNewSpec], defaultSubcommand: "new",
    examples: ["dispatch serve token new backup-script --json"])

  static let tokenNewSpec: CommandSpec = CommandSpec(
    "new", abstract: "Make a token named NAME and print it once",
    arguments: [ArgumentSpec("NAME", "What the token is for, e.g. phone")],
    json: true,
    examples: ["dispatch serve token new laptop-script"],
    run: newToken)

  static let sessionsSpec: CommandSpec = CommandSpec(
    "sessions", abstract: "List the tokens and sessions that can open the API", json: true,
    examples: ["dispatch serve sessions --json"], run: sessions)

  static let revokeSpec: CommandSpec = CommandSpec(
    "revoke", abstract: "Revoke a token or session by its ID (or a token by its name)",
    arguments: [ArgumentSpec("ID", "An ID from 'dispatch serve sessions', or a token's name")],
    examples: [
      "dispatch serve token new old-phone > /dev/null && dispatch serve revoke old-phone"
    ], run: revoke)

  static func start(_ invocation: Invocation) throws {
    let launch = ServeLaunch(
      listen: invocation.value("listen") ?? "127.0.0.1:8421",
      tlsCertificate: invocation.value("tls-cert"), tlsKey: invocation.value("tls-key"),
      insecureHTTP: invocation.flag("insecure-http"), baseURL: try baseURL(invocation))
    // Opened once here so a missing store or a newer schema is an error before listening.
    _ = try invocation.openStore(.write)
    // Blocked before the server's threads start, so they inherit the mask and the signals
    // reach sigwait below.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    let started: (server: HTTPServer, url: String)
    do {
      started = try launch.start(environment: invocation.serviceEnvironment)
    } catch let error as DispatchError where error.kind == .invalidRequest {
      throw invocation.usage(
        error.message.replacingOccurrences(
          of: "give a TLS certificate and key, or allow plain HTTP on a VPN interface",
          with: "give --tls-cert and --tls-key, or --insecure-http on a VPN interface"))
    }
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("url", .string(started.url)), ("port", .int(Int64(started.server.port))),
          ("store", .string(invocation.storePath)),
        ]))
    } else {
      invocation.stdout.line("Serving \(invocation.storePath) at \(started.url) (Ctrl-C stops)")
      invocation.stdout.line("Pair a phone: dispatch serve pair")
    }
    _ = invocation.stdout.flush()
    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    started.server.stop()
  }

  /// `--base-url`, checked; nil when not given.
  static func baseURL(_ invocation: Invocation) throws -> String? {
    guard let text = invocation.value("base-url") else { return nil }
    do {
      return try WebAddress.serveURL(text)
    } catch {
      throw invocation.usage(
        "--base-url must be an http:// or https:// address without a query, e.g. "
          + "https://laptop.tailnet.ts.net:8421 (\(error.message))")
    }
  }

  static func pair(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let base = try baseURL(invocation) ?? ServeBaseURL.configured(in: store)
    let link = try ServePairing.issue(
      in: store, baseURL: base, at: invocation.runEnvironment.now())
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([("url", .string(link.url)), ("expires", .string(link.expires.iso8601))]))
      return
    }
    invocation.stdout.line("Open this link on the phone within 10 minutes; it works once:")
    invocation.stdout.line(link.url)
    if invocation.terminal.stdoutIsTTY, let lines = TerminalQRCode.lines(for: link.url) {
      // The colours are the code's own control sequences, so they are written as they are.
      for line in lines { invocation.stdout.lineVerbatim(line) }
    }
    invocation.stderr.line(
      "The phone must reach this address: run 'dispatch serve' there (docs/serve.md shows a "
        + "VPN or a TLS proxy).")
  }

  static func newToken(_ invocation: Invocation) throws {
    let name = (invocation.positional(0) ?? "").trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw invocation.usage("give the token a name") }
    let store = try invocation.openStore(.write)
    let issued = try ServeTokens.issue(named: name, in: store, at: invocation.runEnvironment.now())
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("token", .string(issued.secret)), ("id", .string(issued.credential.id)),
          ("name", .string(name)),
        ]))
      return
    }
    invocation.stdout.line(issued.secret)
    invocation.stderr.line(
      "Token '\(name)' (ID \(issued.credential.id)) is shown only now: keep it in a file only "
        + "you can read. Send it as 'Authorization: Bearer TOKEN'.")
  }

  static func sessions(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let now = invocation.runEnvironment.now()
    let credentials = try store.credentials.list(at: now)
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          (
            "credentials",
            .array(
              credentials.map { credential in
                var object = JSONObjectBuilder()
                object.set("id", credential.id)
                object.set("kind", credential.kind.rawValue)
                object.set("name", credential.name)
                object.set("created", credential.created.iso8601)
                object.set("expires", credential.expires?.iso8601)
                object.set("lastUsed", credential.lastUsed?.iso8601)
                return object.value
              })
          )
        ]))
      return
    }
    guard !credentials.isEmpty else {
      invocation.stdout.line(
        "No tokens or sessions. Make one with 'dispatch serve token new NAME'.")
      return
    }
    for credential in credentials {
      let used = credential.lastUsed.map { "last used \($0.iso8601)" } ?? "never used"
      invocation.stdout.line(
        "\(credential.id)  \(credential.kind.rawValue)  \(credential.name)  \(used)")
    }
  }

  static func revoke(_ invocation: Invocation) throws {
    guard let reference = invocation.positional(0) else {
      throw invocation.usage("give the ID or token name to revoke")
    }
    let store = try invocation.openStore(.write)
    let revoked = try store.credentials.revoke(reference)
    invocation.stdout.line("Revoked \(revoked.kind.rawValue) '\(revoked.name)' (\(revoked.id))")
  }
}
