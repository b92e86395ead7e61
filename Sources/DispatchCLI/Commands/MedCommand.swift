import DispatchCommandLine
import DispatchKit

/// `dispatch med take|define|edit|list|doses` (docs/records.md#medications;
/// docs/formats/introspective.md#record-types; the TakeMedication / TakeMedicationWithDosage
/// intents of docs/formats/introspective.md#intents).
enum MedCommand {
  static let spec: CommandSpec = CommandSpec(
    "med",
    abstract: "Take medications and keep their definitions",
    discussion: """
      'med take' records a dose now (or --at/--ago) with the medication's default dosage, or \
      --dose. An unknown medication exits 65 from a script; on a terminal you are offered to \
      define it.
      """,
    subcommands: [takeSpec, defineSpec, editSpec, listSpec, dosesSpec],
    defaultSubcommand: "list",
    examples: [
      "dispatch med define Iron --dose '50 mg' --frequency '1 time per day'",
      "dispatch med take Iron", "dispatch med take Ibuprofen --dose '400 mg' --ago 1h",
    ])

  static let fieldOptions: [OptionSpec] = [
    .value("dose", "DOSAGE", "The default dosage, e.g. '20 mg'"),
    .value("frequency", "TEXT", "How often, e.g. '2 times per day' (none: as needed)"),
    .value("started", "YYYY-MM-DD", "The day you started it"),
    .value("notes", "TEXT", "Notes"),
  ]

  static let takeSpec: CommandSpec = CommandSpec(
    "take",
    abstract: "Record a dose of one or more medications",
    arguments: [ArgumentSpec("NAME", "A medication (repeat for several)", variadic: true)],
    options: [
      .value("dose", "DOSAGE", "The dosage taken (default: the medication's), e.g. '20 mg'"),
      RecordOptions.at, RecordOptions.ago,
    ],
    examples: [
      "dispatch med take 'Vitamin D' Ibuprofen", "dispatch med take Ibuprofen --dose '400 mg'",
    ],
    run: take)

  static let defineSpec: CommandSpec = CommandSpec(
    "define", abstract: "Define a medication",
    arguments: [ArgumentSpec("NAME", "The medication's name")], options: fieldOptions,
    examples: ["dispatch med define Iron --dose '50 mg' --started 2026-01-10"], run: define)

  static let editSpec: CommandSpec = CommandSpec(
    "edit", abstract: "Change a medication ('' removes a field)",
    arguments: [ArgumentSpec("NAME", "The medication's name")],
    options: [.value("name", "NEW", "A new name")] + fieldOptions,
    examples: ["dispatch med edit 'Vitamin D' --dose '2000 IU' --frequency ''"], run: edit)

  static let listSpec: CommandSpec = CommandSpec(
    "list", abstract: "List medications with the last dose taken", json: true,
    examples: ["dispatch med list --json"], run: list)

  static let dosesSpec: CommandSpec = CommandSpec(
    "doses", abstract: "List doses taken", options: [RecordOptions.from, RecordOptions.to],
    json: true, examples: ["dispatch med doses --from 7d"], run: doses)

  static func fields(_ invocation: Invocation) -> MedicationFields {
    MedicationFields(
      dose: invocation.value("dose"), frequency: invocation.value("frequency"),
      startedOn: invocation.value("started"), notes: invocation.value("notes"))
  }

  static func take(_ invocation: Invocation) throws {
    let names = invocation.parsed.positionals
    let dose = invocation.value("dose")
    if names.count > 1 && dose != nil {
      throw invocation.usage("--dose applies to one medication; take them one at a time")
    }
    let time = try RecordOptions.time(invocation)
    if let dose { _ = try Medications.dosage(dose) }
    let store = try invocation.openStore(.write)
    if invocation.terminal.stdinIsTTY {
      // On a terminal an unknown name is offered for definition instead of failing.
      for name in try Medications.unknownNames(names, in: store) {
        guard RecordOptions.ask("No medication named '\(name)'. Define it now?", invocation)
        else { break }
        try Medications.define(
          name, MedicationFields(dose: dose), in: store, environment: invocation.runEnvironment)
      }
    }
    let entries = try Medications.take(
      names, dose: dose, time: time, in: store, environment: invocation.runEnvironment)
    let taken = entries.map { entry in
      entry.dose.dosage.map { "\($0) of '\(entry.name)'" } ?? "'\(entry.name)'"
    }
    invocation.stdout.line(
      "Marked \(taken.joined(separator: ", ")) as taken at \(entries.first?.dose.time.localText ?? "")."
    )
  }

  static func define(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let medication = try Medications.define(
      invocation.positional(0) ?? "", fields(invocation), in: store,
      environment: invocation.runEnvironment)
    invocation.stdout.line(
      "Defined '\(medication.name)'"
        + (medication.defaultDosage.map { " with a default dose of \($0)" } ?? "") + ".")
  }

  static func edit(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let medication = try Medications.edit(
      invocation.positional(0) ?? "", newName: invocation.value("name"), fields(invocation),
      in: store)
    invocation.stdout.line("Changed '\(medication.name)'.")
  }

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let entries = try Medications.list(in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(entries.map(\.json)))
      return
    }
    guard !entries.isEmpty else {
      invocation.stdout.line("No medications; define one with 'dispatch med define NAME --dose …'.")
      return
    }
    for entry in entries {
      let medication = entry.medication
      let details = [medication.defaultDosage, medication.frequency ?? "as needed"]
        .compactMap { $0 }.joined(separator: ", ")
      let last = entry.lastDose.map { "last taken \($0.time.localText)" } ?? "never taken"
      invocation.stdout.line("\(medication.name)  \(details)  \(last)")
    }
  }

  static func doses(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let range = try RecordOptions.range(invocation, store)
    let entries = try Medications.doses(from: range.from, to: range.to, in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(entries.map(\.json)))
      return
    }
    if entries.isEmpty { invocation.stdout.line("No doses.") }
    for entry in entries {
      invocation.stdout.line(
        "\(entry.dose.time.localText)  \(entry.name)" + (entry.dose.dosage.map { "  \($0)" } ?? ""))
    }
  }
}
