/// The family a HealthKit object type identifier belongs to, read from its prefix
/// (docs/formats/apple-health.md#records: `HKQuantityTypeIdentifier…` records carry a number and a
/// unit, `HKCategoryTypeIdentifier…` records a symbolic value and no unit).
public enum HealthTypeKind: String, Sendable, CaseIterable {
  /// `HKQuantityTypeIdentifier…`: a number with a unit (steps, heart rate, body mass).
  case quantity
  /// `HKCategoryTypeIdentifier…`: a symbolic value such as a sleep stage, or none at all.
  case category
  /// `HKCorrelationTypeIdentifier…`: a group of quantity samples (blood pressure, food).
  case correlation
  /// `HKWorkoutTypeIdentifier`: the workout sample type.
  case workout
  /// `HKCharacteristicTypeIdentifier…`: a fixed fact about the user, exported on `Me`.
  case characteristic
  /// Any other sample type: audiograms, vision prescriptions, ECGs, routes, State of Mind.
  case other
}

/// How values of one type combine into a daily figure.
public enum HealthAggregation: String, Sendable {
  /// Summed per day: steps, energy, distance, dietary intake (HealthKit's "Cumulative").
  case cumulative
  /// Averaged, or min/max, per day: heart rate, body mass (HealthKit's "Discrete" styles).
  case discrete
  /// Category samples, counted or timed: sleep analysis, stand hours, symptoms.
  case categorical
  /// No daily figure: correlations, workouts, characteristics, documents.
  case none
}

/// What Dispatch knows about one HealthKit type identifier.
public struct HealthTypeInfo: Sendable, Equatable {
  /// The full identifier as exports write it, e.g. `HKQuantityTypeIdentifierStepCount`.
  public let identifier: String
  /// The family of the identifier.
  public let kind: HealthTypeKind
  /// The name the Health app shows, e.g. "Steps", "Heart Rate", "Sleep".
  public let displayName: String
  /// The HealthKit unit string an export writes for this type with metric preferences (`count`,
  /// `count/min`, `kcal`, `km`, `kg`, `%` for fractions, `mL/min·kg`, …); nil for types without
  /// a unit. Exports follow the user's preferences, so records may carry another unit
  /// (docs/formats/apple-health.md#types-and-units: `lb`, `Cal`, `mi` are common).
  public let canonicalUnit: String?
  /// Whether a daily figure sums or averages values.
  public let aggregation: HealthAggregation
  /// Short names users type, e.g. "hr", "hrv", "weight".
  public let aliases: [String]

  /// Describes one identifier.
  public init(
    identifier: String, kind: HealthTypeKind, displayName: String, canonicalUnit: String?,
    aggregation: HealthAggregation, aliases: [String] = []
  ) {
    self.identifier = identifier
    self.kind = kind
    self.displayName = displayName
    self.canonicalUnit = canonicalUnit
    self.aggregation = aggregation
    self.aliases = aliases
  }
}

/// The built-in table of HealthKit type identifiers: names, units and daily aggregation for
/// every public quantity, category, correlation, characteristic and sample type in Apple's
/// HealthKit SDK (HKTypeIdentifiers.h of the iOS 18 SDK, plus `hypertensionEvent` from iOS 26.2
/// and the identifiers real exports add, docs/formats/apple-health.md#healthdata-exportdate-and-me,
/// docs/formats/apple-health.md#records).
public enum HealthTypeCatalog {
  /// Every known identifier: quantities, categories, correlations, the workout type,
  /// characteristics, then the other sample types.
  public static let all: [HealthTypeInfo] = [
    quantities, categories, correlations, workouts, characteristics, others,
  ].flatMap { $0 }

  /// The entry for a full identifier, or nil when the catalog does not know it.
  public static func info(_ identifier: String) -> HealthTypeInfo? {
    index.byIdentifier[identifier].map { all[$0] }
  }

  /// The catalog's name for `identifier`, else a readable name built from it: the known prefix
  /// stripped and CamelCase split ("HKQuantityTypeIdentifierAppleSleepingWristTemperature" →
  /// "Apple Sleeping Wrist Temperature"), so types newer than the table still read well.
  public static func displayName(_ identifier: String) -> String {
    if let info = info(identifier) { return info.displayName }
    return HealthNameText.words(HealthNameText.strippingTypePrefix(identifier))
  }

  /// The types a user means by `name`, best first: the exact full identifier; the identifier,
  /// or the identifier without its prefix ("StepCount"); then the display name; then an alias.
  /// Names compare ignoring case, spaces and punctuation ("step count", "heart-rate",
  /// "heart_rate"), never fuzzily: an unknown name gives an empty list.
  public static func resolve(_ name: String) -> [HealthTypeInfo] {
    var positions: [Int] = []
    if let exact = index.byIdentifier[name] { positions.append(exact) }
    let key = HealthNameText.key(name)
    if !key.isEmpty {
      positions += index.byBareIdentifier[key, default: []]
      positions += index.byDisplayName[key, default: []]
      positions += index.byAlias[key, default: []]
    }
    var seen = Set<Int>()
    return positions.filter { seen.insert($0).inserted }.map { all[$0] }
  }

  /// Lookup tables built once from `all`; positions point into `all`, in catalog order.
  private struct Index: Sendable {
    var byIdentifier: [String: Int] = [:]
    var byBareIdentifier: [String: [Int]] = [:]
    var byDisplayName: [String: [Int]] = [:]
    var byAlias: [String: [Int]] = [:]
  }

  private static let index: Index = {
    var index = Index()
    for (position, info) in all.enumerated() {
      // The first entry wins a duplicate identifier; the tests keep identifiers unique.
      if index.byIdentifier[info.identifier] == nil {
        index.byIdentifier[info.identifier] = position
      }
      // The full identifier too, for one typed in other case or with stray spaces.
      let full = HealthNameText.key(info.identifier)
      let bare = HealthNameText.key(HealthNameText.strippingTypePrefix(info.identifier))
      for key in Set([full, bare]) where !key.isEmpty {
        index.byBareIdentifier[key, default: []].append(position)
      }
      index.byDisplayName[HealthNameText.key(info.displayName), default: []].append(position)
      for alias in Set(info.aliases.map(HealthNameText.key)) where !alias.isEmpty {
        index.byAlias[alias, default: []].append(position)
      }
    }
    return index
  }()
}

// Entry builders for the tables in HealthTypeCatalog+*.swift: plain calls with explicit
// parameter types keep the long literal arrays quick to type-check.
extension HealthTypeCatalog {
  /// A quantity type: `name` is the identifier without `HKQuantityTypeIdentifier`.
  static func quantity(
    _ name: String, _ displayName: String, _ unit: String, _ aggregation: HealthAggregation,
    _ aliases: [String] = []
  ) -> HealthTypeInfo {
    HealthTypeInfo(
      identifier: "HKQuantityTypeIdentifier" + name, kind: .quantity, displayName: displayName,
      canonicalUnit: unit, aggregation: aggregation, aliases: aliases)
  }

  /// A category type: `name` is the identifier without `HKCategoryTypeIdentifier`.
  static func category(
    _ name: String, _ displayName: String, _ aliases: [String] = []
  ) -> HealthTypeInfo {
    HealthTypeInfo(
      identifier: "HKCategoryTypeIdentifier" + name, kind: .category, displayName: displayName,
      canonicalUnit: nil, aggregation: .categorical, aliases: aliases)
  }

  /// A type without unit or daily figure, named by its full identifier.
  static func plain(
    _ identifier: String, _ kind: HealthTypeKind, _ displayName: String, _ aliases: [String] = []
  ) -> HealthTypeInfo {
    HealthTypeInfo(
      identifier: identifier, kind: kind, displayName: displayName, canonicalUnit: nil,
      aggregation: .none, aliases: aliases)
  }
}

/// Text helpers shared by the Apple Health catalogs: prefix stripping, CamelCase splitting and
/// the comparison key names are matched by.
package enum HealthNameText {
  /// Prefixes of HealthKit type identifiers, longest first so `HKDataTypeIdentifier` wins over
  /// `HKDataType` (docs/formats/apple-health.md#records shows the bare
  /// `HKDataTypeSleepDurationGoal`).
  static let typePrefixes: [String] = [
    "HKMedicationDoseEventTypeIdentifier", "HKScoredAssessmentTypeIdentifier",
    "HKCharacteristicTypeIdentifier", "HKCorrelationTypeIdentifier", "HKQuantityTypeIdentifier",
    "HKCategoryTypeIdentifier", "HKDocumentTypeIdentifier", "HKDataTypeIdentifier", "HKDataType",
  ]

  /// `identifier` without its type prefix; `HK…TypeIdentifier` names such as
  /// `HKWorkoutRouteTypeIdentifier` keep their middle ("WorkoutRoute").
  package static func strippingTypePrefix(_ identifier: String) -> String {
    for prefix in typePrefixes where identifier.hasPrefix(prefix) {
      return String(identifier.dropFirst(prefix.count))
    }
    let suffix = "TypeIdentifier"
    if identifier.hasPrefix("HK"), identifier.hasSuffix(suffix),
      identifier.count > 2 + suffix.count
    {
      return String(identifier.dropFirst(2).dropLast(suffix.count))
    }
    return identifier
  }

  /// `text` without the first of `prefixes` it starts with.
  static func stripping(_ prefixes: [String], from text: String) -> String {
    for prefix in prefixes where text.hasPrefix(prefix) && text.count > prefix.count {
      return String(text.dropFirst(prefix.count))
    }
    return text
  }

  /// CamelCase split into words: a word starts at an upper-case letter after a lower-case
  /// letter or digit, at the last capital of an acronym followed by lower case ("UVExposure" →
  /// "UV Exposure"), and at digits after lower case ("Volume1" → "Volume 1"), so "VO2Max"
  /// reads "VO2 Max" and "VitaminB12" reads "Vitamin B12".
  static func words(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    for (position, character) in characters.enumerated() {
      if position > 0 {
        let previous = characters[position - 1]
        let next: Character? = position + 1 < characters.count ? characters[position + 1] : nil
        let startsWord =
          (character.isUppercase && (previous.isLowercase || previous.isNumber))
          || (character.isUppercase && previous.isUppercase && next?.isLowercase == true)
          || (character.isNumber && previous.isLowercase)
        if startsWord { result.append(" ") }
      }
      result.append(character)
    }
    return result
  }

  /// The key names compare by: lower case, letters and digits only, so case, spaces, dashes,
  /// underscores and punctuation do not matter.
  static func key(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
