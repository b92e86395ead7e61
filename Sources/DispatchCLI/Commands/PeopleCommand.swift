import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch people`: the registry behind the names in people answers (docs/people.md#people,
/// docs/people.md#the-rules). Answers keep the names written; the registry says who they
/// mean, and every analysis, filter, search and suggestion reads names through it.
enum PeopleCommand {
  static let limitOption = Option<Int>.integer(
    "limit", "N", in: 1...100, "At most N names, 1–100 (default 8)")

  static let spec: CommandSpec = CommandSpec(
    "people",
    abstract: "List, rename, merge and remove people; suggest names from your contacts",
    discussion: """
      A person has a display name and alternate names; names are matched ignoring case and \
      accents ("jose garcia" is José García). Renaming keeps the old name as an alternate, so \
      past answers still count for the person; merging makes several entries one person; \
      removing deletes only the registry entry — answers keep their text. A person is named \
      by any of their names or by ID (or an ID prefix of four or more characters).
      """,
    subcommands: [
      listSpec, showSpec, renameSpec, mergeSpec, removeSpec, contactsSpec, suggestSpec,
    ],
    defaultSubcommand: "list",
    examples: [
      "dispatch people", "dispatch people rename Bob Robert",
      "dispatch people merge Bobby --into Robert", "dispatch people show robert --json",
      "dispatch people contacts ~/.local/share/contacts",
    ])

  static let listSpec: CommandSpec = CommandSpec(
    "list", abstract: "Everyone in the registry, most mentioned first", json: true,
    examples: ["dispatch people list --json"], run: PeopleListing.list)

  static let showSpec: CommandSpec = CommandSpec(
    "show", abstract: "One person: names, mentions, questions, first and last time",
    arguments: [ArgumentSpec("PERSON", "Any of their names, or their ID")], json: true,
    examples: ["dispatch people show Maya", "dispatch people show bob --json"],
    run: PeopleListing.show)

  static let renameSpec: CommandSpec = CommandSpec(
    "rename", abstract: "Give a person a new display name; the old one stays as an alternate",
    arguments: [
      ArgumentSpec("PERSON", "Any of their names, or their ID"),
      ArgumentSpec("NEW-NAME", "The new display name"),
    ],
    examples: ["dispatch people rename Bob Robert"], run: rename)

  static let mergeSpec: CommandSpec = CommandSpec(
    "merge", abstract: "Make several registry entries one person",
    discussion: """
      The people named become alternates of the --into person: their names resolve to it \
      and their mentions count for it. Their registry entries are removed.
      """,
    arguments: [ArgumentSpec("PERSON", "A person to merge in", variadic: true)],
    options: [.value("into", "PERSON", "The person who remains (required)")],
    examples: ["dispatch people merge Bobby --into Bob"], run: merge)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove", abstract: "Delete a registry entry (answers keep their text)",
    arguments: [ArgumentSpec("PERSON", "Any of their names, or their ID")],
    examples: ["dispatch people remove 'Tomás Ferreira'"], run: remove)

  static let contactsSpec: CommandSpec = CommandSpec(
    "contacts", abstract: "Suggest names from a vCard file or folder (names only, never stored)",
    discussion: """
      Points suggestions at a .vcf file or a folder of them (as vdirsyncer, Evolution or a \
      phone export leave them). Only names are read, each time suggestions are made; they \
      are never written into reports or exports. Without PATH, shows the setting.
      """,
    arguments: [
      ArgumentSpec("PATH", "A .vcf file or a folder of them", optional: true, completion: .file)
    ],
    options: [.flag("off", "Stop suggesting contacts")], json: true,
    examples: ["dispatch people contacts ~/contacts.vcf", "dispatch people contacts --off"],
    run: contacts)

  static let suggestSpec: CommandSpec = CommandSpec(
    "suggest", abstract: "The names type-ahead offers for a beginning: people, then contacts",
    arguments: [ArgumentSpec("TEXT", "What has been typed so far", optional: true)],
    options: [limitOption.spec], json: true,
    examples: ["dispatch people suggest ro"], run: suggest)

  static func rename(_ invocation: Invocation) throws {
    guard let reference = invocation.positional(0), let name = invocation.positional(1) else {
      throw invocation.usage(
        "name the person and the new name, e.g. 'dispatch people rename Bob Robert'")
    }
    let store = try invocation.openStore(.write)
    let before = try store.people.person(matching: reference)
    let person = try store.people.renamePerson(reference, to: name)
    invocation.stdout.line(
      "Renamed \(before.displayName) to \(person.displayName)"
        + PeopleListing.alsoKnown(person) + ".")
  }

  static func merge(_ invocation: Invocation) throws {
    let references = invocation.parsed.positionals
    guard let survivor = invocation.value("into") else {
      throw invocation.usage(
        "say who remains with --into, e.g. 'dispatch people merge Bobby --into Robert'")
    }
    guard !references.isEmpty else {
      throw invocation.usage("name the people to merge into \(survivor)")
    }
    let store = try invocation.openStore(.write)
    let person = try store.people.mergePeople(references, into: survivor)
    invocation.stdout.line(
      "Merged into \(person.displayName)" + PeopleListing.alsoKnown(person) + "; "
        + PeopleListing.mentions(person.usageCount) + ".")
  }

  static func remove(_ invocation: Invocation) throws {
    guard let reference = invocation.positional(0) else {
      throw invocation.usage("name the person to remove")
    }
    let store = try invocation.openStore(.write)
    let person = try store.people.removePerson(reference)
    var line = "Removed \(person.displayName) from the registry"
    if person.usageCount > 0 {
      line += "; answers keep their text, and names still answered return as plain entries"
    }
    invocation.stdout.line(line + ".")
  }

  static func contacts(_ invocation: Invocation) throws {
    if invocation.flag("off") {
      guard invocation.positional(0) == nil else {
        throw invocation.usage("give either PATH or --off, not both")
      }
      try invocation.openStore(.write).people.setContactsPath(nil)
      invocation.stdout.line("Contacts are no longer suggested.")
      return
    }
    guard let path = invocation.positional(0) else {
      let store = try invocation.openStore(.read)
      let current = try store.people.contactsPath()
      if invocation.wantsJSON {
        invocation.printJSON(
          .object([
            ("path", current.map(JSONValue.string) ?? .null),
            ("names", .int(Int64(try store.people.contactNames().count))),
          ]))
      } else if let current {
        invocation.stdout.line(
          "Suggesting \(try store.people.contactNames().count) contact names from \(current).")
      } else {
        invocation.stdout.line(
          "No contacts are suggested; 'dispatch people contacts PATH' sets them.")
      }
      return
    }
    let store = try invocation.openStore(.write)
    let count: Int
    do {
      count = try store.people.setContactsPath(path)
    } catch let error as DispatchError {
      throw CLIError(.noInput, error.message)
    }
    invocation.stdout.line("Suggesting \(count) contact names from \(path).")
  }

  static func suggest(_ invocation: Invocation) throws {
    let limit = invocation.value(limitOption) ?? 8
    let store = try invocation.openStore(.read)
    let names = try store.people.peopleSuggestions(
      matching: invocation.positional(0) ?? "", limit: limit)
    if invocation.wantsJSON {
      invocation.printJSON(.array(names.map(JSONValue.string)))
    } else if names.isEmpty {
      invocation.stdout.line("No suggestions.")
    } else {
      for name in names { invocation.stdout.line(name) }
    }
  }
}
