import DispatchSupport

extension Insight {
  /// `title`, `detail`, `kind`, `sampleCount`, `strength`, then `id` and `sourceKeys`.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("title", .string(title))
    object.set("detail", .string(detail))
    object.set("kind", .string(kind.rawValue))
    object.set("sampleCount", .int(Int64(sampleCount)))
    object.set("strength", .double((strength * 1e6).rounded() / 1e6))
    object.set("id", .string(id))
    object.set("sourceKeys", .array(sourceKeys.map { .string($0) }))
    return object.value
  }
}
