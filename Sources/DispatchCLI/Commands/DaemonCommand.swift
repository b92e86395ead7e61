import DispatchCommandLine
import DispatchKit
import DispatchServe
import Foundation

/// `dispatch daemon`: fires the prompts (docs/daemon.md#the-daemon-delivering-prompts), in the
/// foreground, systemd style; and `daemon install|uninstall` for a systemd user unit.
enum DaemonCommand {
  static let spec: CommandSpec = CommandSpec(
    "daemon",
    abstract: "Run the prompt daemon, or install it as a systemd user service",
    discussion: """
      Runs in the foreground until stopped: sleeps until the next prompt, looks at the clock \
      at least once a minute (so suspends, clock and zone changes are noticed), picks up \
      settings, groups and focus changes at the next look, and delivers each prompt through \
      notify-send with Report now / Snooze (and Yes / No quick answers when a yes/no \
      question exists), through your hook command, or to a phone through ntfy; the notifier \
      setting may name several ('notify-send,ntfy'). Every prompt is logged for \
      'dispatch compliance'. After a suspend only the newest due prompt fires, if it is \
      within the expiry; the others are logged as missed. It also writes the automatic \
      backup when one is due. One daemon per store.
      """,
    // --once here too, so 'dispatch daemon --once' reaches the default subcommand.
    options: [onceOption],
    subcommands: [runSpec, installSpec, uninstallSpec, networkScriptSpec],
    defaultSubcommand: "run",
    examples: ["dispatch daemon", "dispatch daemon install", "dispatch daemon --once"])

  static let onceOption = OptionSpec.flag(
    "once", "Look once: fire what is due, then exit (for cron or testing)")

  static let runSpec: CommandSpec = CommandSpec(
    "run",
    abstract: "Run the daemon in the foreground (the default)",
    options: [onceOption],
    examples: ["dispatch daemon run", "dispatch daemon run --once"],
    run: run)

  static let installSpec: CommandSpec = CommandSpec(
    "install",
    abstract: "Write and start a systemd user service running the daemon for this store",
    discussion: """
      Without a systemd user session nothing is written, and the message offers the \
      alternatives: --autostart (an XDG autostart entry, started with your desktop session) or \
      a crontab line that looks every minute with 'daemon --once'.
      """,
    options: [
      .flag(
        "autostart",
        "Install an XDG autostart entry instead (desktops without a systemd user session)")
    ],
    examples: [
      "dispatch daemon install", "dispatch --store ~/study/p07.sqlite daemon install",
      "dispatch daemon install --autostart",
    ],
    run: install)

  static let uninstallSpec: CommandSpec = CommandSpec(
    "uninstall",
    abstract: "Stop and remove the daemon's systemd user service or autostart entry",
    examples: ["dispatch daemon uninstall"],
    run: uninstall)

  static let networkScriptSpec: CommandSpec = CommandSpec(
    "network-script",
    abstract: "Print a NetworkManager dispatcher script that has Dispatch look on network changes",
    discussion: """
      For a machine where the daemon does not run all the time (a laptop that suspends, a \
      daemon run from cron): NetworkManager runs the script as root after every network \
      change, and the script runs 'dispatch daemon --once' for this store as you, so joining \
      or leaving a named place's Wi-Fi fires its arrival or departure groups at once. While \
      the daemon runs, it watches the network itself and the script does nothing. Install it \
      as root: save the output as \(NetworkDispatcherScript.installPath), owned by root, \
      mode 755 (docs/daemon.md shows the command).
      """,
    examples: ["dispatch daemon network-script"],
    run: networkScript)

  static func run(_ invocation: Invocation) throws {
    let path = invocation.storePath
    guard FileManager.default.fileExists(atPath: path) else {
      throw CLIError(.noInput, "no store at '\(path)'; run 'dispatch init' first, or pass --store")
    }
    let store = try invocation.openStore(.write)
    let lock = try DaemonLock.acquire(forStore: path)
    let once = invocation.flag("once")
    var deliverers = DelivererCache()
    let calendars = CalendarCache()
    // Refuse at once when nothing can be delivered, rather than after the first look.
    let notifier = try deliverers.current(invocation, store, ScheduleSettings.load(from: store))
      .summary
    let log = DaemonLog(invocation: invocation)
    let stop = once ? nil : StopSignals()
    let serving = once ? nil : serve(invocation, settings: try ScheduleSettings.load(from: store))
    var isFirstPass = true
    var lastNext: PlannedPrompt?
    var monitor: NetworkMonitor?
    // Sync set up: a segment from another device, or a record changed by another command,
    // wakes the daemon to sync at once.
    let syncWake = stop.flatMap { stop in
      DaemonSyncWake(store: store, storePath: path, wake: { stop.wake() })
    }
    let sightings = PlaceSighting()
    var syncProblem: String?
    while true {
      // The machine's zone may have changed (travel): read it again before each look.
      NSTimeZone.resetSystemTimeZone()
      let runner = ProcessCommandRunner(environment: invocation.environment)
      // Settings are read once a look: the same deliverer serves the prompts, the places and
      // the health folder.
      let settings = try ScheduleSettings.load(from: store)
      let deliverer = try deliverers.current(invocation, store, settings)
      let daemon = PromptDaemon(
        store: store, environment: invocation.runEnvironment, deliverer: deliverer,
        doNotDisturb: {
          DesktopDoNotDisturb.isOn(runner: runner, environment: invocation.environment)
        }, calendars: calendars,
        webhookTransport: HTTPClient(environment: invocation.environment))
      let pass = try daemon.pass()
      let now = invocation.runEnvironment.now()
      let label = try PromptLabel(store: store)
      if isFirstPass && !once {
        log.line(
          now,
          "started for \(path) (process \(getpid())), notifying through \(notifier)"
            + (serving?.summary ?? ""), zone: label.zone)
      }
      var didSomething = log.pass(pass, label: label, now: now)
      if try PlaceWatch.isNeeded(store) {
        if monitor == nil, let stop {
          monitor = NetworkMonitor(
            searchPath: invocation.environment[SensorGathering.pathVariable]
              ?? invocation.environment["PATH"], wake: { stop.wake() })
        }
        let sighting = sightings.look(
          places: try store.places.sensorPlaces(),
          commands: SensorGathering.commands(invocation.environment),
          root: invocation.environment[SensorGathering.rootVariable] ?? "", now: now)
        let look = try PlaceWatch.look(
          at: sighting.place, in: store, deliverer: deliverer,
          environment: invocation.runEnvironment)
        didSomething = log.placeLook(look, label: label, now: now) || didSomething
      } else {
        monitor = nil
      }
      if let folder = settings.healthFolder {
        let look = try HealthFolderWatch.look(
          folder: folder, store: store, deliverer: deliverer,
          environment: invocation.runEnvironment)
        didSomething = log.healthFolder(look, label: label, now: now) || didSomething
      }
      let synced = sync(store, invocation, reported: syncProblem)
      syncProblem = synced.problem
      for text in synced.lines { log.line(now, text, zone: label.zone) }
      didSomething = !synced.lines.isEmpty || didSomething
      logWebhooks(pass, log, label.zone, now)
      if let warning = AfterFiling.backUpIfDue(
        store: store, environment: invocation.serviceEnvironment)
      {
        invocation.warn([warning])
      }
      if once {
        if !didSomething && pass.webhooks == nil {
          log.next(pass, label: label, now: now, prefix: "nothing due; next: ")
        }
        break
      }
      if isFirstPass || pass.nextPrompt != lastNext {
        log.next(pass, label: label, now: now, prefix: "next: ")
      }
      isFirstPass = false
      lastNext = pass.nextPrompt
      let wait =
        Double(pass.next.milliseconds - invocation.runEnvironment.now().milliseconds) / 1000
      if let signal = stop?.sleep(min(max(wait, 0.05), 60)) {
        log.line(invocation.runEnvironment.now(), "stopped (\(signal))", zone: label.zone)
        break
      }
    }
    serving?.server?.stop()
    withExtendedLifetime((lock, syncWake)) {}
  }

  /// With sync set up (docs/sync.md), a sync whenever this device has changes to write or
  /// another device has written a segment: the lines to log, and the problem that stopped it
  /// (said once, until it changes).
  static func sync(_ store: DispatchStore, _ invocation: Invocation, reported: String?) -> (
    lines: [String], problem: String?
  ) {
    do {
      // An Apple Health export another device put in the folder needs no passphrase.
      let exports = SyncCommand.healthLines(try SyncedHealthExports.importNew(store: store))
      // Whether there is work needs no passphrase: its file is read only to sync.
      guard try SyncEngine(store: store, environment: invocation.runEnvironment).hasWork()
      else { return (exports, nil) }
      let summary = try SyncCommand.engine(store, invocation).run()
      let wrote = summary.written == 0 ? "" : "wrote \(summary.written), "
      return (
        ["synced: \(wrote)merged \(summary.applied) of \(summary.read) changes"]
          + summary.skipped.map { "sync skipped for now: \($0)" } + exports, nil
      )
    } catch {
      let message = (error as? DispatchError)?.message ?? "\(error)"
      return (message == reported ? [] : ["could not sync: \(message)"], message)
    }
  }

  /// With `settings set serve on`, the survey page and API served from the daemon's process
  /// (as `dispatch serve` does) for as long as it runs. A server that cannot start is said in
  /// the start line and the daemon carries on prompting.
  static func serve(_ invocation: Invocation, settings: ScheduleSettings) -> (
    server: HTTPServer?, summary: String
  )? {
    guard settings.serveInDaemon else { return nil }
    let launch = ServeLaunch(
      listen: settings.serveListen, tlsCertificate: settings.serveTLSCertificate,
      tlsKey: settings.serveTLSKey, insecureHTTP: settings.serveInsecureHTTP,
      baseURL: settings.serveURL)
    do {
      let started = try launch.start(environment: invocation.serviceEnvironment)
      return (started.server, "; serving \(started.url)")
    } catch {
      let message = (error as? DispatchError)?.message ?? "\(error)"
      return (nil, "; not serving (\(message))")
    }
  }

  /// The deliverer the store's settings ask for: every notifier of the `notifier` setting.
  static func deliverer(_ invocation: Invocation, store: DispatchStore) throws
    -> any PromptDeliverer
  {
    try ConfiguredDeliverer.make(
      for: try ScheduleSettings.load(from: store), store: store,
      context: ConfiguredDeliverer.Context(
        dispatchPath: executablePath(), storePath: absolute(invocation.storePath),
        environment: invocation.environment,
        runner: ProcessCommandRunner(environment: invocation.environment),
        transport: HTTPClient(environment: invocation.environment)))
  }

  /// A deliverer made on first use: a trigger that matches no group needs no notify-send.
  final class LazyDeliverer: PromptDeliverer {
    let make: () throws -> any PromptDeliverer
    private var made: (any PromptDeliverer)?

    init(_ make: @escaping () throws -> any PromptDeliverer) {
      self.make = make
    }

    func deliver(_ notification: PromptNotification) throws -> String {
      let deliverer = try made ?? make()
      made = deliverer
      return try deliverer.deliver(notification)
    }
  }

  /// Rebuilds the deliverer only when the delivery settings change, so notify-send's
  /// capabilities are not probed every minute.
  struct DelivererCache {
    var key: String?
    var deliverer: (any PromptDeliverer)?

    mutating func current(
      _ invocation: Invocation, _ store: DispatchStore, _ settings: ScheduleSettings
    ) throws -> any PromptDeliverer {
      let newKey = [
        Notifier.setting(settings.notifiers), settings.hookCommand ?? "",
        settings.terminalCommand, settings.ntfyURL ?? "", settings.ntfyTokenFile ?? "",
        settings.serveURL ?? "",
      ].joined(separator: "\u{1F}")
      if let deliverer, key == newKey { return deliverer }
      let fresh = try DaemonCommand.deliverer(invocation, store: store)
      key = newKey
      deliverer = fresh
      return fresh
    }
  }

  private static func unit(_ invocation: Invocation) throws -> SystemdUserUnit {
    try SystemdUserUnit(
      dispatchPath: executablePath(), storePath: absolute(invocation.storePath),
      environment: invocation.environment)
  }

  private static func install(_ invocation: Invocation) throws {
    let unit = try unit(invocation)
    if invocation.flag("autostart") {
      let entry = AutostartEntry(for: unit)
      try entry.install()
      invocation.stdout.line(
        "Installed \(entry.path): the daemon starts with your next desktop session; "
          + "to start it now, run 'dispatch daemon' in a terminal.")
      offerNetworkScript(invocation)
      return
    }
    do {
      try unit.install(runner: ProcessCommandRunner(environment: invocation.environment))
    } catch NotificationSetupError.noUserSession {
      var cron = [unit.dispatchPath]
      if let store = unit.storePath { cron += ["--store", store] }
      cron += ["daemon", "--once"]
      throw CLIError(
        .failure,
        "\(NotificationSetupError.noUserSession), so nothing was installed. Instead, "
          + "'dispatch daemon install --autostart' starts the daemon with your desktop "
          + "session, or this line added with 'crontab -e' looks every minute: "
          + "* * * * * \(ShellQuoting.readableCommand(cron))")
    } catch let error as NotificationSetupError {
      throw CLIError(.failure, "\(error); nothing was installed")
    }
    invocation.stdout.line(
      "Installed and started \(unit.name) (\(unit.path)); see it with "
        + "'systemctl --user status \(unit.name)'.")
    offerNetworkScript(invocation)
  }

  /// Arrival and departure groups fire when the daemon sees a place; where it sleeps (a
  /// suspended laptop), NetworkManager can wake Dispatch instead: say so once, at install.
  private static func offerNetworkScript(_ invocation: Invocation) {
    guard let store = try? invocation.openStore(.read), (try? PlaceWatch.isNeeded(store)) == true
    else { return }
    invocation.note(
      "Arrival and departure groups fire when the daemon notices a place. For a machine that "
        + "sleeps, 'dispatch daemon network-script' prints a NetworkManager script that has "
        + "Dispatch look whenever the network changes.")
  }

  private static func networkScript(_ invocation: Invocation) throws {
    let script = NetworkDispatcherScript(
      dispatchPath: executablePath(), storePath: absolute(invocation.storePath),
      user: getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "\(getuid())",
      userID: getuid())
    invocation.stdout.write(script.text)
  }

  private static func uninstall(_ invocation: Invocation) throws {
    let unit = try unit(invocation)
    var removed: [String] = []
    if FileManager.default.fileExists(atPath: unit.path) {
      try unit.uninstall(runner: ProcessCommandRunner(environment: invocation.environment))
      removed.append("stopped and removed \(unit.name)")
    }
    let entry = AutostartEntry(for: unit)
    if try entry.uninstall() { removed.append("removed \(entry.path)") }
    guard !removed.isEmpty else {
      // Already gone is what the user asked for: say so, and succeed.
      invocation.stdout.line(
        "No daemon is installed for this store (no \(unit.path), no \(entry.path)); "
          + "nothing to remove.")
      return
    }
    let text = removed.joined(separator: "; ")
    invocation.stdout.line(text.prefix(1).uppercased() + text.dropFirst() + ".")
  }

  /// One line per webhook delivery, failure and dropped entry of the pass.
  private static func logWebhooks(
    _ pass: PromptDaemon.Pass, _ log: DaemonLog, _ zone: TimeZone, _ now: Instant
  ) {
    if let problem = pass.webhookProblem { log.line(now, "webhooks: \(problem)", zone: zone) }
    guard let result = pass.webhooks else { return }
    for id in result.delivered { log.line(now, "webhook delivered \(id)", zone: zone) }
    for failure in result.failures {
      log.line(now, "webhook failed \(failure.reportID): \(failure.reason)", zone: zone)
    }
    for id in result.dropped {
      log.line(now, "webhook dropped \(id) (report deleted)", zone: zone)
    }
  }

  /// This program's absolute path, for the commands notifications and the unit run.
  static func executablePath() -> String {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return resolved
    }
    return absolute(CommandLine.arguments.first ?? "dispatch")
  }

  static func absolute(_ path: String) -> String {
    path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
