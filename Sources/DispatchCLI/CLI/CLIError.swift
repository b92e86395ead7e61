import DispatchKit

/// Process exit codes (sysexits.h where one fits), documented in `docs/cli.md`.
enum ExitStatus: Int32, Sendable {
  case success = 0
  /// Any other failure.
  case failure = 1
  /// The command line is wrong: unknown command, option or question, a missing argument.
  case usage = 64
  /// The input data is wrong: a value that does not fit, a file that is not a Dispatch store.
  case dataError = 65
  /// An input file or store is missing or unreadable.
  case noInput = 66
  /// The user cancelled (Ctrl-C).
  case interrupted = 130
}

/// An error the command line reports as one line on standard error with an exit code.
struct CLIError: Error, CustomStringConvertible {
  let status: ExitStatus
  let message: String
  /// The command whose help the message points to, for usage errors.
  let commandPath: [String]?

  init(_ status: ExitStatus, _ message: String, commandPath: [String]? = nil) {
    self.status = status
    self.message = message
    self.commandPath = commandPath
  }

  /// A usage error pointing at the command's help.
  static func usage(_ message: String, _ path: [String]) -> CLIError {
    CLIError(.usage, message, commandPath: path)
  }

  var description: String {
    guard let commandPath else { return message }
    return message + " (see '" + (["dispatch"] + commandPath + ["--help"]).joined(separator: " ")
      + "')"
  }

  /// Maps any error from the library to a message and exit status.
  static func from(_ error: any Error) -> CLIError {
    switch error {
    case let error as CLIError: return error
    case let error as DispatchError:
      switch error.kind {
      case .unknownReference: return CLIError(.usage, error.message)
      case .invalidValue, .conflict: return CLIError(.dataError, error.message)
      }
    case let error as QueryDiagnostic:
      return CLIError(.dataError, error.description)
    case let error as ImportError:
      return CLIError(error.kind == .unreadable ? .noInput : .dataError, error.description)
    case let error as WebhookError:
      switch error.kind {
      case .secretUnreadable: return CLIError(.noInput, error.message)
      case .invalidURL, .secretRejected, .notEnabled, .invalidEnvelope:
        return CLIError(.dataError, error.message)
      case .cryptoFailure: return CLIError(.failure, error.message)
      }
    case let error as HTTPError:
      return CLIError(.failure, error.message)
    case let error as StoreError:
      switch error.kind {
      case .missingStore, .unreadableStore: return CLIError(.noInput, error.message)
      case .notADispatchStore, .newerSchema, .corruptValue:
        return CLIError(.dataError, error.message)
      case .walUnavailable, .sqlite: return CLIError(.failure, error.description)
      }
    default:
      return CLIError(.failure, String(describing: error))
    }
  }
}
