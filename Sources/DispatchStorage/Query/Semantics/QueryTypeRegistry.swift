import DispatchCore
import Foundation

/// Supplies record types to the query language. Each kind of record the store holds has one;
/// an app embedding DispatchKit can add its own (``QueryTypeRegistry/load(from:providers:)``).
public protocol QueryTypeProvider: Sendable {
  /// The types this provider offers over `db`'s current contents (questions, health types
  /// present, …); `now` ends what is still running.
  func types(in db: Database, now: Instant) throws -> [QueryRecordType]
}

/// The record types a query may name, looked up by any of their names.
public struct QueryTypeRegistry: Sendable {
  /// Every type, in the order `dispatch query types` lists them.
  public let types: [QueryRecordType]
  private let byKey: [String: Int]

  /// The built-in providers: reports, the direct records, Apple Health.
  public static let builtInProviders: [any QueryTypeProvider] = [
    ReportQueryTypes(), DirectRecordQueryTypes(), HealthQueryTypes(),
  ]

  /// A registry of `types`; an earlier type keeps a name two types share.
  public init(types: [QueryRecordType]) {
    self.types = types
    var byKey: [String: Int] = [:]
    for (index, type) in types.enumerated() {
      for name in type.names where byKey[Self.key(name)] == nil {
        byKey[Self.key(name)] = index
      }
    }
    self.byKey = byKey
  }

  /// The types `providers` offer over `db`.
  public static func load(
    from db: Database, now: Instant, providers: [any QueryTypeProvider] = builtInProviders
  ) throws -> QueryTypeRegistry {
    QueryTypeRegistry(types: try providers.flatMap { try $0.types(in: db, now: now) })
  }

  /// The type called `name`, if any.
  public func type(named name: String) -> QueryRecordType? {
    byKey[Self.key(name)].map { types[$0] }
  }

  /// Every name a user may type, for suggestions.
  var allNames: [String] { types.flatMap { [$0.name, $0.plural] } }

  /// A name folded for lookup: lower-case letters and digits only, so `Heart-Rate`,
  /// `heart_rate`, `heart rate` and `HeartRate` are one name, as are a prompt with and
  /// without its question mark.
  static func key(_ name: String) -> String {
    // ASCII without Unicode property lookups: a registry folds a thousand names per query.
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(name.utf8.count)
      for byte in name.utf8 {
        switch byte {
        case 0x41...0x5A: bytes.append(byte + 0x20)
        case 0x61...0x7A, 0x30...0x39: bytes.append(byte)
        default: continue
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
