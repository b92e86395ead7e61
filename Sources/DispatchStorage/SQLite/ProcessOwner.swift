import Foundation

/// Names the process that holds something in the store (a webhook drain's lease, a running
/// import), so another process can tell a holder that was killed (kill -9) from one still
/// working, and not wait it out.
package enum ProcessOwner {
  /// This process: `<pid>@<host>:<random>`.
  package static func current() -> String {
    "\(getpid())@\(ProcessInfo.processInfo.hostName):\(UUID().uuidString.prefix(8))"
  }

  /// Whether the process an owner names may still be running: false only for an owner on
  /// this machine whose process is gone. Owners in another form count as alive (what they
  /// hold runs out on its own, or waits for a person).
  package static func isAlive(_ owner: String) -> Bool {
    guard let at = owner.firstIndex(of: "@"), let colon = owner.lastIndex(of: ":"), at < colon,
      let pid = Int32(owner[..<at]), pid > 0
    else { return true }
    let host = owner[owner.index(after: at)..<colon]
    guard host == ProcessInfo.processInfo.hostName else { return true }
    return kill(pid, 0) == 0 || errno == EPERM
  }
}
