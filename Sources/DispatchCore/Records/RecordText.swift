import DispatchSupport
import Foundation

/// Free text from the command line: trimmed, and nil when empty.
public enum RecordText {
  /// `text` trimmed; nil when nothing is left.
  public static func clean(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
    else { return nil }
    return trimmed
  }

  /// Tags trimmed, empty ones dropped, duplicates (ignoring case) removed, order kept.
  public static func tags(_ tags: [String]) -> [String] {
    var seen: Set<String> = []
    return tags.compactMap(clean).filter { seen.insert(NameKey.normalize($0)).inserted }
  }

  /// ` (did you mean 'X'?)` for the closest of `candidates`, or "".
  public static func suggestion(_ name: String, in candidates: [String]) -> String {
    Suggestion.closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }
}
