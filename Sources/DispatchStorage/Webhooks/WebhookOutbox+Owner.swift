import Foundation

extension WebhookOutbox {
  /// A new drain's lease owner: `<pid>@<host>:<random>`, so another process can tell a lease
  /// whose holder was killed (kill -9 mid-send) from one still sending, and not wait it out.
  package static func leaseOwner() -> String {
    "\(getpid())@\(ProcessInfo.processInfo.hostName):\(UUID().uuidString.prefix(8))"
  }

  /// Whether the process that holds a lease may still be running: false only for an owner
  /// on this machine whose process is gone. Owners in an older form count as alive (their
  /// lease runs out on its own).
  static func ownerIsAlive(_ owner: String) -> Bool {
    guard let at = owner.firstIndex(of: "@"), let colon = owner.lastIndex(of: ":"), at < colon,
      let pid = Int32(owner[..<at]), pid > 0
    else { return true }
    let host = owner[owner.index(after: at)..<colon]
    guard host == ProcessInfo.processInfo.hostName else { return true }
    return kill(pid, 0) == 0 || errno == EPERM
  }
}
