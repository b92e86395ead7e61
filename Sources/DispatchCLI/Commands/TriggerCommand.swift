import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch trigger KIND`: an event for event prompt groups
/// (docs/daemon.md#events-dispatch-trigger), from a script or by hand.
enum TriggerCommand {
  static let kindNames = EventTriggerKind.allCases.map(\.rawValue)

  static let spec: CommandSpec = CommandSpec(
    "trigger",
    abstract: "Fire the prompt groups that wait for an event (arrival, workout end, …)",
    discussion: """
      Fires every enabled prompt group of the event's kind: workout-end, arrival or \
      departure (groups that name a place fire only for --place with that name; case and \
      accents are ignored), calendar-end. Call it from scripts: a NetworkManager dispatcher \
      script on joining your home Wi-Fi can run 'dispatch trigger arrival --place Home'. \
      While asleep, arrivals, departures and calendar ends are ignored and a workout end \
      waits until you are awake. A group with a delay fires later, through the daemon. \
      Nothing matching is not an error.
      """,
    arguments: [
      ArgumentSpec("KIND", kindNames.joined(separator: ", "), completion: .values(kindNames))
    ],
    options: [.value("place", "NAME", "The place arrived at or left")],
    json: true,
    examples: [
      "dispatch trigger arrival --place Home", "dispatch trigger workout-end",
      "dispatch trigger calendar-end",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    guard let name = invocation.positional(0) else {
      throw invocation.usage("give the event: \(kindNames.joined(separator: ", "))")
    }
    guard let kind = EventTriggerKind(rawValue: name) else {
      throw invocation.unknownChoice("'\(name)' is not an event", name, among: kindNames)
    }
    let store = try invocation.openStore(.write)
    let deliverer = DaemonCommand.LazyDeliverer {
      try DaemonCommand.deliverer(invocation, store: store)
    }
    let outcome = try EventTrigger.fire(
      kind, place: invocation.value("place"), in: store, deliverer: deliverer,
      environment: invocation.runEnvironment)
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("fired", .array(outcome.fired.map(JSONValue.string)))
      object.set("pending", .array(outcome.pending.map(JSONValue.string)))
      object.set("skipped", .array(outcome.skipped.map(JSONValue.string)))
      invocation.printJSON(object.value)
      return
    }
    let label = try PromptLabel(store: store)
    for id in outcome.fired { invocation.stdout.line("Prompted \(label.text(id)).") }
    for id in outcome.pending {
      guard let record = try store.prompts.promptRecord(id) else { continue }
      let minutes = max(
        0, (record.due.milliseconds - invocation.runEnvironment.now().milliseconds) / 60_000)
      invocation.stdout.line(
        "Will prompt \(label.name(record)) at \(record.due.localTimeText(in: label.zone)), in "
          + "\(PromptLabel.span(minutes: Int(minutes))).")
    }
    for reason in outcome.skipped { invocation.stdout.line("Skipped \(reason).") }
    if outcome.fired.isEmpty && outcome.pending.isEmpty && outcome.skipped.isEmpty {
      invocation.stdout.line(
        outcome.candidates == 0
          ? "No enabled prompt group waits for \(kind.rawValue); add one with 'dispatch groups add'."
          : "No \(kind.rawValue) group names that place.")
    }
  }
}
