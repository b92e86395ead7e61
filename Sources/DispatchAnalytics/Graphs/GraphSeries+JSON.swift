import DispatchSupport

extension GraphSeries {
  /// The points of `dispatch graph --json` and `GET /api/v1/graph`: one object per series,
  /// `{"name", "x"? (a paired graph's first axis), "points": [{"label", "x", "y"}]}`, an empty
  /// group's `y` null.
  public static func jsonValue(_ series: [GraphSeries], xLabel: String?) -> JSONValue {
    .array(
      series.map { one in
        var object = JSONObjectBuilder()
        object.set("name", .string(one.name))
        if let xLabel { object.set("x", .string(xLabel)) }
        object.set(
          "points",
          .array(
            one.points.map { point in
              var item = JSONObjectBuilder()
              item.set("label", .string(point.label))
              item.set("x", .double(point.x))
              item.set("y", point.y.map { JSONValue.double($0) } ?? .null)
              return item.value
            }))
        return object.value
      })
  }
}
