import DispatchSupport

/// Process exit codes (sysexits.h where one fits), documented in `docs/cli.md`, shared by
/// every Dispatch program.
package enum ExitStatus: Int32, Sendable {
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

/// An error a program reports as one line on standard error with an exit code.
package struct CLIError: Error, CustomStringConvertible {
  package let status: ExitStatus
  package let message: String
  /// Where to read more, for usage errors: `see 'dispatch reports --help'`.
  package let helpReference: String?

  package init(_ status: ExitStatus, _ message: String, helpReference: String? = nil) {
    self.status = status
    self.message = message
    self.helpReference = helpReference
  }

  /// A usage error pointing at the help of the command at `path` of `root`'s program.
  package static func usage(_ message: String, _ path: [String], root: CommandSpec) -> CLIError {
    CLIError(.usage, message, helpReference: root.helpReference(for: path))
  }

  package var description: String {
    guard let helpReference else { return message }
    return message + " (" + helpReference + ")"
  }

  /// Maps any error from the library to a message and exit status: each library error knows
  /// its category (``CategorizedError``); `helpReference` is where a malformed request points.
  package static func from(_ error: any Error, helpReference: String? = nil) -> CLIError {
    switch error {
    case let error as CLIError: return error
    case let error as any CategorizedError:
      return CLIError(
        ExitStatus(error.category), error.failureMessage,
        helpReference: error.pointsAtHelp ? helpReference : nil)
    default:
      return CLIError(.failure, String(describing: error))
    }
  }
}

extension ExitStatus {
  /// The status of a failure category; the one place categories become exit codes.
  package init(_ category: FailureCategory) {
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
