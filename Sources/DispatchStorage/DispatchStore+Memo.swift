extension DispatchStore {
  /// What `make` derives from the store, made again only once the store has changed since
  /// (a write by this connection or a commit by any other): for lists read often and changed
  /// rarely, such as the survey page's suggestions, asked for on every page view. Inside a
  /// transaction it is always made afresh, since the transaction may yet roll back.
  ///
  /// - Parameter key: names what `make` derives; the same key must always make the same type.
  public func memoized<Value>(_ key: String, _ make: () throws -> Value) throws -> Value {
    guard !database.isInTransaction else { return try make() }
    let stamp = try database.changeStamp()
    if let memo = database.memos[key], memo.stamp == stamp, let value = memo.value as? Value {
      return value
    }
    let value = try make()
    database.memos[key] = (stamp, value)
    return value
  }
}
