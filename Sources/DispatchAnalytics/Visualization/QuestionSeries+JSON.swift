import DispatchCore
import DispatchSupport

extension QuestionSeries {
  /// `kind` (`optionShares`, `numeric`, `frequency`, `places`, `recentNotes`, `timePoints`,
  /// `empty`) and the series' own members.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    func counts(_ entries: [Frequency]) -> JSONValue {
      .array(
        entries.map { entry in
          var item = JSONObjectBuilder()
          item.set("value", .string(entry.value))
          item.set("count", entry.count)
          return item.value
        })
    }
    switch self {
    case .optionShares(let shares):
      object.set("kind", .string("optionShares"))
      object.set(
        "shares",
        .array(
          shares.map { share in
            var item = JSONObjectBuilder()
            item.set("option", .string(share.option))
            item.set("count", share.count)
            item.set("share", .double(share.share))
            return item.value
          }))
    case .numeric(let points, let mean):
      object.set("kind", .string("numeric"))
      object.set("mean", .double(mean))
      object.set(
        "points",
        .array(
          points.map { point in
            var item = JSONObjectBuilder()
            item.set("date", .string(point.date.iso8601))
            item.set("value", .double(point.value))
            return item.value
          }))
    case .frequency(let entries, let distinct), .places(let entries, let distinct):
      if case .places = self {
        object.set("kind", .string("places"))
      } else {
        object.set("kind", .string("frequency"))
      }
      object.set("distinctCount", distinct)
      object.set("top", counts(entries))
    case .recentNotes(let notes):
      object.set("kind", .string("recentNotes"))
      object.set(
        "notes",
        .array(
          notes.map { note in
            var item = JSONObjectBuilder()
            item.set("date", .string(note.date.iso8601))
            item.set("text", .string(note.text))
            return item.value
          }))
    case .timePoints(let points, let average):
      object.set("kind", .string("timePoints"))
      object.set("averageMinutes", average)
      object.set(
        "points",
        .array(
          points.map { point in
            var item = JSONObjectBuilder()
            item.set("date", .string(point.date.iso8601))
            item.set("minutes", point.minutes)
            return item.value
          }))
    case .empty:
      object.set("kind", .string("empty"))
    }
    return object.value
  }
}
