import DispatchCommandLine
import DispatchKit
import Foundation

/// What `dispatch`'s commands add to an invocation: the store they work on.
extension Invocation {
  /// The store path this command uses.
  var storePath: String {
    StoreLocation.resolve(option: value("store"), environment: environment)
  }

  /// The run's clock, IDs and zone (docs/architecture.md#the-run-environment): the clock pinned
  /// by `DISPATCH_NOW`, the zone named by `TZ`, random IDs. It is a function of the invocation's
  /// variables alone, so every read gives the same environment; the store is opened with it and
  /// the workflows a command runs are handed it.
  var runEnvironment: RunEnvironment { RunEnvironment(variables: environment) }

  /// Opens the store: writers create it when missing, readers fail with exit 66.
  ///
  /// A store this command created is deleted again if the command fails
  /// (``Invocation/discardCreatedFiles()``), so a failed command leaves nothing behind.
  func openStore(_ access: DispatchStore.Access) throws -> DispatchStore {
    let path = storePath
    let existed = FileManager.default.fileExists(atPath: path)
    do {
      let store = try DispatchStore(path: path, access: access, environment: runEnvironment)
      if !existed && access == .write { createdFiles.append(path) }
      prepare(store, access: access)
      return store
    } catch let error as StoreError where error.kind == .missingStore && !existed {
      throw CLIError(
        .noInput,
        "no store at '\(path)'; run 'dispatch init' or 'dispatch demo' first, or pass --store")
    }
  }

  /// What the library's workflows need from this process: the environment and the store path.
  var serviceEnvironment: ServiceEnvironment {
    ServiceEnvironment(variables: environment, storePath: storePath, run: runEnvironment)
  }
}
