import DispatchCore
import Foundation

/// One way of delivering prompts, as the `notifier` setting names it; the setting may name
/// several, comma-separated (`notify-send,ntfy`), and each prompt goes through every one
/// (docs/daemon.md#several-notifiers).
public enum Notifier: String, Sendable, CaseIterable {
  /// Desktop notifications with buttons (``CommandDeliverer``).
  case notifySend = "notify-send"
  /// The user's hook command (``CommandDeliverer``).
  case hook
  /// A push to a phone through an ntfy server (``NtfyDeliverer``).
  case ntfy

  /// The notifiers of a `notifier` value, in the order given.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for an empty list, an unknown name or a name
  ///   given twice.
  public static func list(parsing text: String) throws(DispatchError) -> [Notifier] {
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    var notifiers: [Notifier] = []
    for name in names {
      guard let notifier = Notifier(rawValue: name) else {
        let known = allCases.map(\.rawValue).joined(separator: ", ")
        throw DispatchError(
          .invalidValue,
          name.isEmpty
            ? "the notifier list '\(text)' has an empty name; use one or more of \(known), "
              + "comma-separated"
            : "'\(name)' is not a notifier; use one or more of \(known), comma-separated")
      }
      guard !notifiers.contains(notifier) else {
        throw DispatchError(.invalidValue, "the notifier '\(name)' is named twice")
      }
      notifiers.append(notifier)
    }
    return notifiers
  }

  /// The setting's text for `notifiers`.
  public static func setting(_ notifiers: [Notifier]) -> String {
    notifiers.map(\.rawValue).joined(separator: ",")
  }
}
