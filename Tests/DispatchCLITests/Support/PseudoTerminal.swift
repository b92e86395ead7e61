import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal whose far end a `dispatch` run uses as standard output, so it sees a TTY.
///
/// `posix_openpt` and friends are not in Swift's Glibc module (they need `_XOPEN_SOURCE`), so
/// they are looked up with `dlsym`.
final class PseudoTerminal {
  /// Why a pseudo-terminal could not be opened.
  struct Unavailable: Error, CustomStringConvertible {
    let description: String
  }

  private typealias OpenFunction = @convention(c) (Int32) -> Int32
  private typealias ControllerFunction = @convention(c) (Int32) -> Int32
  private typealias NameFunction =
    @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) ->
    Int32

  private let controller: Int32
  /// The terminal end to hand to the process.
  let terminal: FileHandle

  init() throws {
    guard let openSymbol = dlsym(nil, "posix_openpt"), let grantSymbol = dlsym(nil, "grantpt"),
      let unlockSymbol = dlsym(nil, "unlockpt"), let nameSymbol = dlsym(nil, "ptsname_r")
    else { throw Unavailable(description: "no posix_openpt in the C library") }
    let openController = unsafeBitCast(openSymbol, to: OpenFunction.self)
    let grant = unsafeBitCast(grantSymbol, to: ControllerFunction.self)
    let unlock = unsafeBitCast(unlockSymbol, to: ControllerFunction.self)
    let name = unsafeBitCast(nameSymbol, to: NameFunction.self)

    let controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else { throw Unavailable(description: "posix_openpt failed: \(errno)") }
    var buffer = [CChar](repeating: 0, count: 256)
    guard grant(controller) == 0, unlock(controller) == 0,
      name(controller, &buffer, buffer.count) == 0
    else {
      close(controller)
      throw Unavailable(description: "cannot unlock the pseudo-terminal: \(errno)")
    }
    let path = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let descriptor = open(path, O_RDWR | O_NOCTTY)
    guard descriptor >= 0 else {
      close(controller)
      throw Unavailable(description: "cannot open \(path): \(errno)")
    }
    self.controller = controller
    terminal = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  deinit {
    close(controller)
  }

  /// Everything written to the terminal, once the process has exited. Closes the terminal end.
  func drain() -> String {
    try? terminal.close()
    _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer.prefix(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
