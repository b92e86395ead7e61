import DispatchCore
import DispatchFeatures
import DispatchStorage

/// How to read the files of an import.
public struct ImportRequest: Sendable {
  public var paths: [String]
  /// The zone for sources without one; nil: the store's setting, else the system zone.
  public var timeZone: String?
  /// Whether Wellness moods are rescaled to the mood scale (the default) or kept on 1–7.
  public var rescalesMoods: Bool

  public init(paths: [String], timeZone: String? = nil, rescalesMoods: Bool = true) {
    self.paths = paths
    self.timeZone = timeZone
    self.rescalesMoods = rescalesMoods
  }
}

/// Imports files into the store: the options an import reads by come from here, whoever asks
/// (`dispatch import`, a web upload), docs/import-export.md.
public struct ImportService {
  public let store: DispatchStore

  public init(store: DispatchStore) {
    self.store = store
  }

  /// The options `request` imports with: its zone (checked), the store's mood scale, and the
  /// medications the store knows (EasyPill doses must name one,
  /// docs/formats/introspective.md#easypill-doses).
  ///
  /// - Throws: ``DispatchError`` `.invalidRequest` for a zone that is not one.
  public func options(_ request: ImportRequest) throws -> ImportOptions {
    let zone =
      try request.timeZone ?? store.settings.setting(SettingKey.timeZone)
      ?? ZoneLookup.currentIdentifier
    guard ZoneLookup.zone(zone) != nil else {
      throw DispatchError(
        .invalidRequest, "'\(zone)' is not a time zone; use an IANA name such as Europe/Lisbon")
    }
    let settings = try ScheduleSettings.load(from: store)
    return ImportOptions(
      defaultTimeZone: zone, moodScale: settings.moodScale, rescalesMoods: request.rescalesMoods,
      knownMedicationNames: Set(try store.records.medications().map { NameKey.normalize($0.name) }))
  }

  /// Imports the files atomically (all or nothing); `progress` hears the bytes read of a
  /// large Apple Health export.
  public func run(
    _ request: ImportRequest, progress: ((Int64, Int64) -> Void)? = nil
  ) throws -> ImportSummary {
    let options = try options(request)
    var summary = try store.importFiles(request.paths, options: options, progress: progress)
    if summary.zonelessDates > 0 { summary.assumedZone = options.defaultTimeZone }
    // A store that syncs puts an Apple Health export in the folder for its other devices. The
    // import stands whatever happens there; a failure is said with the import's problems.
    do {
      try SyncedHealthExports.share(summary, store: store)
    } catch {
      summary.problems.append(
        ImportProblem(
          file: request.paths.first ?? "", record: 0,
          reason: "imported, but not put in the sync folder: \(error)"))
    }
    return summary
  }
}
