import DispatchKit
import Foundation
import Testing

/// Which store a command uses, and what it does with a missing or foreign one
/// (docs/cli.md#choosing-the-store).
@Suite("store selection")
struct StoreSelectionTests {
  /// One way of choosing the store, and where it must end up.
  struct Choice: Sendable, CustomTestStringConvertible {
    enum Location: Sendable { case option, variable, xdgDefault, homeDefault }
    let testDescription: String
    var option: String?
    var variable: String?
    var dataHome: String? = "data"
    let expected: Location
  }

  @Test(
    "--store over DISPATCH_STORE over $XDG_DATA_HOME/dispatch/dispatch.sqlite",
    arguments: [
      Choice(
        testDescription: "option and variable", option: "opt/s.sqlite",
        variable: "var/s.sqlite", expected: .option),
      Choice(testDescription: "option only", option: "opt/s.sqlite", expected: .option),
      Choice(testDescription: "variable only", variable: "var/s.sqlite", expected: .variable),
      Choice(testDescription: "neither", expected: .xdgDefault),
      Choice(testDescription: "empty variable", variable: "", expected: .xdgDefault),
      Choice(testDescription: "no XDG_DATA_HOME", dataHome: nil, expected: .homeDefault),
      Choice(
        testDescription: "relative XDG_DATA_HOME is ignored", dataHome: "relative/data",
        expected: .homeDefault),
    ])
  func precedence(_ choice: Choice) throws {
    let cli = try CLISandbox()
    let optionPath = cli.path("opt/s.sqlite")
    let variablePath = cli.path("var/s.sqlite")
    let xdgPath = cli.defaultStore
    let homePath = cli.path("home/.local/share/dispatch/dispatch.sqlite")
    var environment: [String: String?] = ["DISPATCH_STORE": nil]
    if let variable = choice.variable {
      environment["DISPATCH_STORE"] = variable.isEmpty ? "" : variablePath
    }
    if let dataHome = choice.dataHome {
      environment["XDG_DATA_HOME"] = dataHome == "data" ? cli.path("data") : dataHome
    } else {
      environment["XDG_DATA_HOME"] = .some(nil)
    }
    let options = choice.option.map { _ in ["--store", optionPath] } ?? []
    let result = try cli.succeed(["init", "--json"] + options, environment: environment)
    let expected: String
    switch choice.expected {
    case .option: expected = optionPath
    case .variable: expected = variablePath
    case .xdgDefault: expected = xdgPath
    case .homeDefault: expected = homePath
    }
    #expect(try result.json(InitJSON.self).store == expected)
    for path in [optionPath, variablePath, xdgPath, homePath] {
      #expect(cli.exists(path) == (path == expected), "\(path)")
    }
  }

  @Test(
    "--store may stand before or after the subcommand",
    arguments: [
      ["--store", "s.sqlite", "questions", "list", "--json"],
      ["questions", "--store", "s.sqlite", "list", "--json"],
      ["questions", "list", "--store", "s.sqlite", "--json"],
      ["questions", "list", "--json", "--store=s.sqlite"],
      ["--json", "questions", "list", "--store", "s.sqlite"],
      ["--json", "--store", "s.sqlite", "questions"],
    ])
  func storeOptionPosition(arguments: [String]) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init", "--store", cli.path("s.sqlite")])
    let result = try cli.succeed(arguments)
    #expect(try result.json([QuestionJSON].self).count == 7)
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func relativeStorePathIsResolvedAgainstTheWorkingDirectory() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["init", "--json", "--store", "sub/dir/s.sqlite"])
    #expect(try result.json(InitJSON.self).store == cli.path("sub/dir/s.sqlite"))
    #expect(cli.exists(cli.path("sub/dir/s.sqlite")))
  }

  @Test(
    "writers create a missing store (mode 0600) and its folders",
    arguments: [
      ["init"], ["report", "--answer", "Are you working?=yes"], ["wake"], ["sleep"],
      ["answer", "yes"], ["questions", "add", "Mood?", "--type", "number"],
    ])
  func writersCreateTheStore(arguments: [String]) throws {
    let cli = try CLISandbox()
    let store = cli.path("new/nested/folder/s.sqlite")
    try cli.succeed(arguments + ["--store", store])
    var info = stat()
    #expect(stat(store, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(try DispatchStore(path: store, access: .read).questions.list().count >= 1)
  }

  @Test func defaultStoreFolderIsCreatedUnderXDGDataHome() throws {
    let cli = try CLISandbox()
    #expect(!cli.exists(cli.path("data")))
    try cli.succeed(["init"])
    #expect(cli.exists(cli.defaultStore))
  }

  @Test(
    "readers fail on a missing store with exit 66 and create nothing",
    arguments: [
      ["questions", "list"], ["questions", "list", "--json"], ["questions"],
      ["reports", "list"], ["reports", "list", "--json"], ["reports"],
      ["reports", "show", "ABCD1234"],
    ])
  func readersOnMissingStore(arguments: [String]) throws {
    let cli = try CLISandbox()
    let store = cli.path("missing/s.sqlite")
    let result = try cli.fail(
      arguments + ["--store", store], status: 66, message: "no store at '\(store)'")
    #expect(result.stderr.contains("dispatch init"))
    #expect(!cli.exists(cli.path("missing")))
    try cli.fail(arguments, status: 66, message: "no store at '\(cli.defaultStore)'")
    #expect(!cli.exists(cli.path("data")))
  }

  /// Every kind of command, each run against a store it must refuse.
  static let refusingCommands: [[String]] = [
    ["questions", "list"], ["reports", "list", "--json"], ["init"],
    ["report", "--answer", "Are you working?=yes"], ["wake"], ["answer", "yes"],
    ["questions", "add", "Mood?", "--type", "number"],
  ]

  @Test("a file that is not SQLite exits 65 and is left alone", arguments: refusingCommands)
  func notSQLite(arguments: [String]) throws {
    let cli = try CLISandbox()
    let store = cli.path("notes.txt")
    let text = Data("hello, this is not a database\n".utf8)
    try text.write(to: URL(fileURLWithPath: store))
    try cli.fail(arguments + ["--store", store], status: 65, message: "not a Dispatch store")
    #expect(cli.contents(store) == text)
  }

  @Test("a SQLite file of another program exits 65 and is left alone", arguments: refusingCommands)
  func foreignSQLite(arguments: [String]) throws {
    let cli = try CLISandbox()
    let store = cli.path("other.sqlite")
    do {
      // Like most programs' files: a rollback journal, not WAL.
      let database = try Database(path: store, mode: .create)
      try database.executeScript(
        "PRAGMA journal_mode = DELETE; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('x')"
      )
    }
    let before = try #require(cli.contents(store))
    try cli.fail(
      arguments + ["--store", store], status: 65,
      message: "is a SQLite database but not a Dispatch store")
    #expect(cli.contents(store) == before)
    #expect(!cli.exists(store + "-wal"))
    #expect(!cli.exists(store + "-shm"))
  }

  @Test(
    "a store from a newer Dispatch exits 65 and is byte-for-byte unchanged",
    arguments: refusingCommands)
  func newerSchema(arguments: [String]) throws {
    let cli = try CLISandbox()
    let store = cli.path("future.sqlite")
    try cli.succeed(["init", "--store", store])
    try cli.succeed(["answer", "yes", "--store", store])
    do {
      let database = try Database(path: store, mode: .readWrite)
      try database.execute(
        "INSERT INTO schema_migrations (name) VALUES (?)", ["9999-from-the-future"])
    }
    let before = try #require(cli.contents(store))
    try cli.fail(
      arguments + ["--store", store], status: 65,
      message: "was written by a newer Dispatch (schema step '9999-from-the-future')")
    #expect(cli.contents(store) == before)
  }

  @Test
  func newerSchemaLeavesNoSidecarFiles() throws {
    let cli = try CLISandbox()
    let store = cli.path("future.sqlite")
    try cli.succeed(["init", "--store", store])
    do {
      let database = try Database(path: store, mode: .readWrite)
      try database.execute(
        "INSERT INTO schema_migrations (name) VALUES (?)", ["9999-from-the-future"])
    }
    try cli.fail(["questions", "list", "--store", store], status: 65, message: "newer Dispatch")
    #expect(!cli.exists(store + "-wal"))
    #expect(!cli.exists(store + "-shm"))
  }

  @Test func folderAsStoreIsUnreadable() throws {
    let cli = try CLISandbox()
    let folder = cli.path("a-folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try cli.fail(["questions", "list", "--store", folder], status: 66, message: folder)
    try cli.fail(["init", "--store", folder], status: 66, message: folder)
  }
}
