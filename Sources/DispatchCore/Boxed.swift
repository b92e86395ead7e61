/// Keeps a rarely present, bulky optional value out of line: a nil value costs one pointer
/// instead of the value's full inline size.
///
/// A report's location snapshot and weather take over a kilobyte inline, and most imported
/// reports and responses carry neither; holding a decade of history in memory during an import
/// would otherwise pay for them on every record (docs/benchmarks.md). The box is immutable, so
/// copies share it safely and a write makes a new one: value semantics are unchanged.
@propertyWrapper
public struct Boxed<Value: Sendable & Equatable>: Sendable, Equatable {
  private final class Storage: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private var storage: Storage?

  public init(wrappedValue: Value?) {
    storage = wrappedValue.map(Storage.init)
  }

  public var wrappedValue: Value? {
    get { storage?.value }
    set { storage = newValue.map(Storage.init) }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}
