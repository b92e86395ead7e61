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
  /// A limit is reached for now; the same command works later (the catalog submission limit).
  case tryLater = 75
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

  /// Maps any error from the library to a message and exit status: each library error knows
  /// its category (``CategorizedError``); `commandPath` is the command whose help a malformed
  /// request points to.
  static func from(_ error: any Error, commandPath: [String]? = nil) -> CLIError {
    switch error {
    case let error as CLIError: return error
    case let error as any CategorizedError:
      return CLIError(
        ExitStatus(error.category), error.failureMessage,
        commandPath: error.pointsAtHelp ? commandPath : nil)
    default:
      return CLIError(.failure, String(describing: error))
    }
  }
}

extension ExitStatus {
  /// The status of a failure category; the one place categories become exit codes.
  init(_ category: FailureCategory) {
    switch category {
    case .usage: self = .usage
    case .dataError: self = .dataError
    case .noInput: self = .noInput
    case .tryLater: self = .tryLater
    case .failure: self = .failure
    case .interrupted: self = .interrupted
    }
  }
}
