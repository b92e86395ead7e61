import DispatchCore
import Foundation

extension CheckInPreset {
  /// Reads a stored row.
  init(name: String, kind: String, payload: String) throws(StoreError) {
    guard let data = payload.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let rating = (object["rating"] as? NSNumber)?.doubleValue,
      let minimum = (object["scaleMin"] as? NSNumber)?.doubleValue,
      let maximum = (object["scaleMax"] as? NSNumber)?.doubleValue
    else { throw StoreError(.corruptValue, "check-in preset '\(name)' has an unreadable payload") }
    self.init(
      name: name, rating: rating, scale: RatingScale(minimum: minimum, maximum: maximum),
      note: object["note"] as? String)
    self.kind = kind
  }

  /// The JSON stored in the `payload` column.
  var payload: String {
    var object: [String: Any] = [
      "rating": rating, "scaleMin": scale.minimum, "scaleMax": scale.maximum,
    ]
    if let note { object["note"] = note }
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
