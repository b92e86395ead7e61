import DispatchServices
import DispatchStorage
import Foundation

/// Connections to one store file, each lent to one request at a time: requests on the
/// server's threads read in parallel, and SQLite serializes their writes.
final class StorePool: @unchecked Sendable {
  // @unchecked: `idle` is read and changed only under `lock`; a store taken from it is used
  // by the one thread that took it until it is given back.
  private let lock = NSLock()
  private var idle: [DispatchStore] = []
  private let open: @Sendable () throws -> DispatchStore

  init(open: @escaping @Sendable () throws -> DispatchStore) {
    self.open = open
  }

  /// A pool of the store at `environment.storePath`, each opened for writing.
  convenience init(environment: ServiceEnvironment) {
    let path = environment.storePath
    let run = environment.run
    self.init { try DispatchStore(path: path, access: .write, environment: run) }
  }

  /// Runs `body` with a store of the pool's, opening one when none is idle.
  func with<T>(_ body: (DispatchStore) throws -> T) throws -> T {
    lock.lock()
    let reused = idle.popLast()
    lock.unlock()
    let store = try reused ?? open()
    defer {
      lock.lock()
      idle.append(store)
      lock.unlock()
    }
    return try body(store)
  }
}
