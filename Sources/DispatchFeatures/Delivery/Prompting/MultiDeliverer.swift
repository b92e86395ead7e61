import DispatchCore
import Foundation

/// Delivers each prompt through several notifiers (`notifier notify-send,ntfy`): every one is
/// tried, in order, and one that fails does not stop the others
/// (docs/daemon.md#several-notifiers).
///
/// The prompt counts as delivered when at least one notifier delivered it; the notifiers that
/// failed are named in the returned text, which the daemon keeps as the prompt's delivery and
/// its log shows. When every one fails the prompt is missed, as with a single notifier, and
/// the error names each failure.
public final class MultiDeliverer: PromptDeliverer {
  /// The notifiers, by name, in delivery order.
  public let notifiers: [(name: String, deliverer: any PromptDeliverer)]

  public init(_ notifiers: [(name: String, deliverer: any PromptDeliverer)]) {
    self.notifiers = notifiers
  }

  /// Every notifier's summary, in order.
  public var summary: String { notifiers.map(\.deliverer.summary).joined(separator: "; ") }

  /// `notify-send, ntfy` when all delivered; `notify-send; ntfy failed: …` when some failed.
  ///
  /// - Throws: ``Failures`` when none delivered.
  public func deliver(_ notification: PromptNotification) throws -> String {
    var delivered: [String] = []
    var failures: [String] = []
    for (name, deliverer) in notifiers {
      do {
        delivered.append(try deliverer.deliver(notification))
      } catch {
        failures.append("\(name) failed: \(error)")
      }
    }
    guard !delivered.isEmpty else { throw Failures(failures: failures) }
    return ([delivered.joined(separator: ", ")] + failures).joined(separator: "; ")
  }

  /// The notifiers that delivered, from a delivery text this type returned (`notify-send,
  /// ntfy; hook failed: …` gives notify-send and ntfy); a single notifier's text is itself.
  public static func delivered(in delivery: String) -> [String] {
    let succeeded = delivery.components(separatedBy: "; ").first ?? delivery
    return succeeded.components(separatedBy: ", ")
  }

  /// What failed in a delivery text this type returned (`hook failed: …`), nil when all
  /// delivered.
  public static func failures(in delivery: String) -> String? {
    guard let separator = delivery.range(of: "; ") else { return nil }
    return String(delivery[separator.upperBound...])
  }

  /// Every notifier failed: their reasons, in order.
  public struct Failures: Error, CustomStringConvertible, Sendable {
    public let failures: [String]
    public var description: String { failures.joined(separator: "; ") }
  }
}
