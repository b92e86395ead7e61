/// The kinds of record a search finds (`dispatch search --type`).
public enum SearchRecordType: String, Sendable, CaseIterable {
  /// A report: its answers (tokens, chosen options, notes, places) and where it was filed.
  case report
  /// A person in the registry, by display name and alternate names.
  case person
  /// A place ever answered to a location question.
  case place
  /// A time an activity was done: the activity's name and the note.
  case activity
  /// A mood rating's note.
  case mood
  /// A fatigue rating's note.
  case fatigue
  /// A medication: its name and notes.
  case medication
  /// A stress check-in's note.
  case stress
  /// A metric-context note.
  case context
  /// A lost item: what, where, and the note.
  case lost
}
