import DispatchCore

// The store's per-area views (docs/architecture.md#the-stores-views): each is a small value
// around the store, so `store.reports.list()` costs what `store.reports()` did.

/// What every view of the store shares: the store it reads and the shorthand for a write.
package protocol StoreView {
  var store: DispatchStore { get }
}

extension StoreView {
  /// The store's connection.
  var database: Database { store.database }
  /// The store's run environment, for the rows it stamps itself.
  var environment: RunEnvironment { store.environment }

  /// Runs `body` in one write transaction on the store (``DispatchStore/write(_:)``).
  package func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    try store.write(body)
  }
}

extension DispatchStore {
  /// Filing, reading and removing reports, and when they were filed.
  public var reports: ReportsView { ReportsView(store: self) }
  /// The survey's questions.
  public var questions: QuestionsView { QuestionsView(store: self) }
  /// The prompt log and the prompt groups.
  public var prompts: PromptsView { PromptsView(store: self) }
  /// Settings and the event log.
  public var settings: SettingsView { SettingsView(store: self) }
  /// The people registry.
  public var people: PeopleView { PeopleView(store: self) }
  /// The direct records: ratings, activities, medications and doses, stress check-ins, metric
  /// context, lost items, check-in presets.
  public var records: RecordsView { RecordsView(store: self) }
  /// Imported Apple Health data.
  public var health: HealthView { HealthView(store: self) }
  /// The webhook outbox.
  public var outbox: OutboxView { OutboxView(store: self) }
  /// Free-text search and the vocabulary's suggestions.
  public var search: SearchView { SearchView(store: self) }
  /// The query language's engine, its indexes and the saved queries.
  public var queries: QueriesView { QueriesView(store: self) }
  /// The sensor places (known Wi-Fi networks and coordinates).
  public var places: PlacesView { PlacesView(store: self) }
  /// The bearer tokens and browser sessions of `dispatch serve`.
  public var credentials: CredentialsView { CredentialsView(store: self) }
  /// The import merge.
  public var imports: ImportsView { ImportsView(store: self) }
  /// Counts, facts for diagnostics, and deleting every record.
  public var maintenance: MaintenanceView { MaintenanceView(store: self) }
}

/// `store.reports`: filing, reading and removing reports.
public struct ReportsView: StoreView {
  package let store: DispatchStore
}

/// `store.credentials`: the bearer tokens and browser sessions of `dispatch serve`.
public struct CredentialsView: StoreView {
  package let store: DispatchStore
}

/// `store.questions`: the survey's questions.
public struct QuestionsView: StoreView {
  package let store: DispatchStore
}

/// `store.prompts`: the prompt log and the prompt groups.
public struct PromptsView: StoreView {
  package let store: DispatchStore
}

/// `store.settings`: settings and the event log.
public struct SettingsView: StoreView {
  package let store: DispatchStore
}

/// `store.people`: the people registry.
public struct PeopleView: StoreView {
  package let store: DispatchStore
}

/// `store.records`: the direct records.
public struct RecordsView: StoreView {
  package let store: DispatchStore
}

/// `store.health`: imported Apple Health data.
public struct HealthView: StoreView {
  package let store: DispatchStore
}

/// `store.outbox`: the webhook outbox.
public struct OutboxView: StoreView {
  package let store: DispatchStore
}

/// `store.search`: free-text search and the vocabulary's suggestions.
public struct SearchView: StoreView {
  package let store: DispatchStore
}

/// `store.queries`: the query language's engine, its indexes and the saved queries.
public struct QueriesView: StoreView {
  package let store: DispatchStore
}

/// `store.places`: the sensor places.
public struct PlacesView: StoreView {
  package let store: DispatchStore
}

/// `store.imports`: the import merge.
public struct ImportsView: StoreView {
  package let store: DispatchStore
}

/// `store.maintenance`: counts, facts for diagnostics, and deleting every record.
public struct MaintenanceView: StoreView {
  package let store: DispatchStore
}
