import DispatchCommandLine
import Foundation

/// A failure of the terminal itself (not of the user's answers): raw mode could not be set, or
/// reading keys or writing the screen failed.
struct TerminalError: Error, CustomStringConvertible, Sendable, Equatable {
  /// A lowercase, one-line explanation.
  let message: String

  /// A system call failure while `action`, with the text of `code` (an `errno` value).
  static func system(_ action: String, _ code: Int32) -> TerminalError {
    TerminalError(message: "terminal error while \(action): \(String(cString: strerror(code)))")
  }

  var description: String { message }
}
