import Foundation
import Testing

/// The machine a newcomer pastes examples on: the demo store, the files the examples name
/// (an Apple Health `export.zip` in Downloads, Reporter exports, a passphrase file…), and the
/// desktop programs the daemon calls, standing in for a desktop session.
///
/// The demo is built once per test run; each group of examples gets its own copy of it.
final class ExampleWorld: Sendable {
  let root: String
  let demoStore: String
  let environment: [String: String]

  private static let built: Result<ExampleWorld, any Error> = Result { try ExampleWorld() }

  /// The world of this test run, built on first use.
  static func shared() throws -> ExampleWorld { try built.get() }

  private init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("DispatchExamples-\(UUID().uuidString)").path
    demoStore = root + "/demo.sqlite"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    // The shared world is a static and never deinitialised: remove its folder (the demo and
    // any run a test kept) when the test process exits, or every run leaves gigabytes behind.
    atexit {
      if let root = try? ExampleWorld.built.get().root {
        try? FileManager.default.removeItem(atPath: root)
      }
    }
    environment = [
      "TZ": "America/New_York", "COLUMNS": "100", "LANG": "C.UTF-8",
      "DISPATCH_NOW": PastedExamplesTests.now,
    ]
    let demo = Process()
    demo.executableURL = CLISandbox.executable
    demo.arguments = ["demo", "--store", demoStore]
    demo.environment = environment.merging(["HOME": root, "PATH": "/usr/bin:/bin"]) { $1 }
    demo.standardOutput = FileHandle.nullDevice
    demo.standardError = FileHandle.nullDevice
    try demo.run()
    demo.waitUntilExit()
    guard demo.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: ["reason": "dispatch demo failed"])
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// A fresh home with a copy of the demo store and the example files.
  func freshRun() throws -> ExampleRun {
    let folder = root + "/run-" + UUID().uuidString
    let run = ExampleRun(folder: folder, environment: environment)
    try run.prepare(demoStore: demoStore)
    return run
  }
}

/// One group's sandbox: its home, working folder, store and programs.
struct ExampleRun {
  let folder: String
  let environment: [String: String]

  var home: String { folder + "/home" }
  var bin: String { folder + "/bin" }
  var store: String { folder + "/demo.sqlite" }

  /// `Tests/DispatchKitTests/Fixtures/<name>`.
  static func fixture(_ name: String) -> String {
    PastedExamples.repositoryRoot.appendingPathComponent("Tests/DispatchKitTests/Fixtures/" + name)
      .path
  }

  /// Copies the demo store, writes the files the examples name, and the stand-in programs.
  func prepare(demoStore: String) throws {
    let files = FileManager.default
    for folder in [home, bin, folder + "/work"] {
      try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try files.copyItem(atPath: demoStore, toPath: store)
    // The files examples import, restore or read secrets from, where they say they are.
    let copies: [(String, String)] = [
      ("apple-health/export.zip", home + "/Downloads/export.zip"),
      ("apple-health/export.zip", folder + "/work/export.zip"),
      // The folder a phone's automation saves its exports into (`settings set health-folder`).
      ("apple-health/export.zip", home + "/Sync/health/export.zip"),
      ("apple-health/export.xml", home + "/Downloads/apple_health_export/export.xml"),
      ("apple-health/export.xml", folder + "/work/eksport.xml"),
      ("reporter/legacy-day-files", folder + "/work/old-day-files"),
      ("introspective/atracker.csv", folder + "/work/atracker.csv"),
      ("introspective/wellness.csv", folder + "/work/wellness.csv"),
      ("introspective/easypill-medications.csv", folder + "/work/easypill-medications.csv"),
      ("introspective/easypill-doses.csv", folder + "/work/easypill-doses.csv"),
      ("introspective/introspective-moods.csv", folder + "/work/Moods 2021-12-15_14:23.csv"),
      ("reporter/legacy-day-files", home + "/Dropbox/Apps/Reporter-App"),
      ("reporter/v1x-export.json", folder + "/work/reporter-export.json"),
      ("reporter/reporter-export.csv", folder + "/work/reporter-export.csv"),
      ("dispatch-v2/small-export.json", folder + "/work/dispatch-export.json"),
      ("dispatch-v2/small-export.json", folder + "/work/dispatch-backup.json"),
      ("dispatch-v2/small-export.json", home + "/backup.json"),
    ]
    for (fixture, target) in copies {
      try files.createDirectory(
        atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try files.copyItem(atPath: Self.fixture(fixture), toPath: target)
    }
    // Reporter's day files of 2014, as they sit in a Dropbox folder.
    for name in try files.contentsOfDirectory(atPath: Self.fixture("reporter/legacy-day-files")) {
      try files.copyItem(
        atPath: Self.fixture("reporter/legacy-day-files/" + name), toPath: folder + "/work/" + name)
    }
    // Question sets to submit to the catalog.
    for (name, prompt) in [
      ("my-set.json", "How rested are you?"), ("evening.json", "Best moment?"),
    ] {
      let set = """
        {"id": "\(name.prefix(while: { $0 != "." }))", "title": "A set", "summary": "One question.",
         "questions": [{"prompt": "\(prompt)", "type": "note"}]}
        """
      try Data(set.utf8).write(to: URL(fileURLWithPath: folder + "/work/" + name))
    }
    // A moderation folder's catalog index, for `catalog list --source ./moderation`.
    try files.createDirectory(
      atPath: folder + "/work/moderation", withIntermediateDirectories: true)
    let index = """
      {"formatVersion": 1, "version": 1, "generatedAt": "2026-07-01T00:00:00.000Z", "sets": [
        {"id": "evening-review", "title": "Evening review", "summary": "One question at bedtime.",
         "version": 1, "questions": [{"prompt": "Best moment of the day?", "type": "note"}]}]}
      """
    try Data(index.utf8).write(to: URL(fileURLWithPath: folder + "/work/moderation/index.json"))
    let secrets = [
      home + "/.config/dispatch/passphrase", home + "/.config/dispatch/pw",
      home + "/.config/dispatch/hook", home + "/.dispatch-hook", folder + "/work/pw.txt",
    ]
    for secret in secrets {
      try files.createDirectory(
        atPath: (secret as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data("correct horse battery staple\n".utf8).write(to: URL(fileURLWithPath: secret))
      try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
    }
    // An address book, as a file and as a folder of cards.
    let card = "BEGIN:VCARD\nVERSION:3.0\nFN:Maya Lindqvist\nN:Lindqvist;Maya;;;\nEND:VCARD\n"
    try files.createDirectory(
      atPath: home + "/.local/share/contacts", withIntermediateDirectories: true)
    try Data(card.utf8).write(to: URL(fileURLWithPath: home + "/contacts.vcf"))
    try Data(card.utf8).write(to: URL(fileURLWithPath: home + "/.local/share/contacts/maya.vcf"))
    // A laptop on a Wi-Fi network, for `sensors places add --here`.
    try files.createDirectory(atPath: folder + "/machine/bin", withIntermediateDirectories: true)
    let nmcli = folder + "/machine/bin/nmcli"
    try Data("#!/bin/sh\necho 'yes:studio-5g'\n".utf8).write(to: URL(fileURLWithPath: nmcli))
    try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: nmcli)
    // A desktop session: notifications are shown, the user service manager answers.
    try files.createSymbolicLink(
      atPath: bin + "/dispatch", withDestinationPath: CLISandbox.executable.path)
    for program in ["notify-send", "systemctl", "loginctl", "xdg-open"] {
      let path = bin + "/" + program
      try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: path))
      try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
  }

  /// Runs `line` with bash in the working folder, `dispatch` on the PATH and the copy of the
  /// demo as `DISPATCH_STORE`; `stdin` is what is typed, else nothing.
  func shell(_ line: String, stdin: String?) throws -> CLIResult {
    var variables = environment
    variables["HOME"] = home
    variables["XDG_DATA_HOME"] = home + "/.local/share"
    variables["XDG_CONFIG_HOME"] = home + "/.config"
    variables["PATH"] = bin + ":/usr/bin:/bin"
    variables["DISPATCH_STORE"] = store
    variables["DISPATCH_SENSOR_ROOT"] = folder + "/machine"
    variables["DISPATCH_SENSOR_PATH"] = folder + "/machine/bin"
    let outPath = folder + "/out"
    let errPath = folder + "/err"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
      try? out.close()
      try? err.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", line]
    process.environment = variables
    process.currentDirectoryURL = URL(fileURLWithPath: folder + "/work")
    process.standardOutput = out
    process.standardError = err
    let pipe = Pipe()
    process.standardInput = pipe
    try process.run()
    pipe.fileHandleForWriting.write(Data((stdin ?? "").utf8))
    try pipe.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus,
      stdout: try String(contentsOfFile: outPath, encoding: .utf8),
      stderr: try String(contentsOfFile: errPath, encoding: .utf8))
  }
}
