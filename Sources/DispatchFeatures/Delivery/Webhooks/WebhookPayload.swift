import DispatchCore
import DispatchSupport

/// Webhook bodies, byte-compatible with Dispatch (docs/webhooks.md#bodies): pretty-printed
/// JSON with sorted keys, in the v2 export's encoding (docs/formats/dispatch-v2.md#encoding).
public enum WebhookPayload {
  /// The event names Dispatch sends.
  public enum Event: String, Sendable {
    case reportCreated = "report.created"
    case test
  }

  /// `{"event":"report.created","report":<V2Report>,"schemaVersion":2}`, the report exactly
  /// as it appears in a v2 export.
  public static func reportCreated(_ report: Report) -> [UInt8] {
    let body: JSONValue = .object([
      ("event", .string(Event.reportCreated.rawValue)),
      ("report", V2Exporter.reportValue(report)),
      ("schemaVersion", .int(Int64(V2Exporter.schemaVersion))),
    ])
    return Array(JSONWriter.string(body, style: .dispatchV2).utf8)
  }

  /// Exactly `{\n  "event" : "test"\n}`.
  public static let test: [UInt8] = Array(
    JSONWriter.string(.object([("event", .string(Event.test.rawValue))]), style: .dispatchV2)
      .utf8)
}
