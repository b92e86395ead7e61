import DispatchCore
import DispatchStorage

/// Deterministic IDs for imported records that carry none
/// (docs/formats/dispatch-v2.md#deterministic-ids).
public enum ImportIdentity {
  /// `reporter.snapshot|<UTC instant, ISO-8601 with seconds>`.
  public static func reporterSnapshot(at instant: Instant) -> String {
    make("reporter.snapshot|" + instant.iso8601Seconds)
  }

  /// `<snapshot id>|<question prompt>`.
  public static func reporterResponse(snapshotID: String, prompt: String) -> String {
    make(snapshotID + "|" + prompt)
  }

  /// `<response id>|<index>|<text>`.
  public static func reporterToken(responseID: String, index: Int, text: String) -> String {
    make(responseID + "|" + String(index) + "|" + text)
  }

  /// `reporter.question|<prompt>`.
  public static func reporterQuestion(prompt: String) -> String {
    make("reporter.question|" + prompt)
  }

  /// `<format>|<type>|<start instant>|<name or value>` for Introspective-family rows.
  public static func row(format: ImportFormat, type: String, start: Instant, value: String)
    -> String
  {
    make(format.rawValue + "|" + type + "|" + start.iso8601 + "|" + value)
  }

  /// The UUIDv5 of `name` in the import namespace.
  public static func make(_ name: String) -> String {
    DeterministicUUID.make(namespace: DeterministicUUID.importNamespace, name: name)
  }
}
