import DispatchKit

/// `dispatch graph QUERY`: any record type and attribute, grouped and aggregated
/// (docs/charts.md#from-the-command-line, Introspective's graphs).
enum GraphCommand {
  static let spec: CommandSpec = CommandSpec(
    "graph",
    abstract: "Graph any record type over time, by weekday or tag, or against another type",
    discussion: """
      QUERY selects the records, as in 'dispatch query' ('mood', 'heart rate', 'activity \
      where name = Gym', 'reports where kind = regular'). --y picks the attribute (default: \
      the type's main value; answer("…") for a report's answer). With --per the records are \
      grouped (hour, day, week, month, quarter, year — missing units shown empty — weekday, \
      tag or value) and each group becomes a point per --agg (average, sum, min, max, median, \
      mode, count, sd, first, last; default average, or count for attributes without \
      numbers). --vs QUERY pairs a second type grouped the same way: a scatter of one \
      aggregate against the other, on the groups both have (daily heart rate against daily \
      mood). Empty groups of an average are gaps, not zeros.
      """,
    arguments: [ArgumentSpec("QUERY", "The records to draw, e.g. mood or 'heart rate'")],
    options: [
      .value("y", "ATTRIBUTE", "What to draw (default: the type's main value)"),
      .value(
        "per", "UNIT", completion: .values(GraphGrouping.names),
        "Group per hour|day|week|month|quarter|year|weekday|tag|value"),
      .value(
        "agg", "AGGREGATION", repeatable: true,
        "average|sum|min|max|median|mode|count|sd|first|last (repeatable)"),
      .value(
        "kind", "line|bar|scatter", completion: .values(["line", "bar", "scatter"]),
        "How to draw (default line)"),
      .value("vs", "QUERY", "A second type to pair with, grouped the same way"),
      .value("vs-y", "ATTRIBUTE", "The second type's attribute"),
      .value("vs-agg", "AGGREGATION", "The second type's aggregation (default average)"),
    ] + ChartOutput.options,
    json: true,
    examples: [
      "dispatch graph mood --per day",
      "dispatch graph 'heart rate' --per week --agg average --agg max",
      "dispatch graph activity --y duration --per weekday --agg sum --kind bar",
      "dispatch graph 'heart rate' --per day --vs mood --svg hr-vs-mood.svg",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let query = invocation.positional(0) ?? ""
    let grouping = try invocation.value("per").map { name throws(CLIError) -> GraphGrouping in
      guard let grouping = GraphGrouping(name: name) else {
        throw invocation.unknownChoice(
          "'\(name)' is not a grouping", name, among: GraphGrouping.names)
      }
      return grouping
    }
    let kindText =
      invocation.value("kind") ?? ((invocation.value("vs") != nil) ? "scatter" : "line")
    guard let kind = ChartSpec.GraphKind(rawValue: kindText) else {
      throw invocation.unknownChoice(
        "'\(kindText)' is not a kind", kindText, among: ChartSpec.GraphKind.allCases.map(\.rawValue)
      )
    }
    var aggregations = try invocation.values("agg").map { try aggregation($0, invocation) }
    let store = try invocation.openStore(.read)
    let counting = aggregations == [.count]
    let data = try store.graphData(
      query: query, attribute: invocation.value("y"), counting: counting)
    let hasNumbers = data.samples.contains { $0.value?.number != nil }
    if aggregations.isEmpty { aggregations = [hasNumbers ? .average : .count] }
    let valueName = data.attribute?.name ?? data.typePlural
    if let other = invocation.value("vs") {
      guard let grouping else {
        throw invocation.usage("--vs needs --per: how to pair the two types")
      }
      let otherAggregation =
        try invocation.value("vs-agg").map { try aggregation($0, invocation) } ?? .average
      let second = try store.graphData(query: other, attribute: invocation.value("vs-y"))
      let points = GraphBuilder.paired(
        x: data.samples, xAggregation: aggregations[0], y: second.samples,
        yAggregation: otherAggregation, grouping: grouping)
      let xLabel = "\(aggregations[0].title) \(data.typeName) \(valueName)"
      let yLabel =
        "\(otherAggregation.title) \(second.typeName) \(second.attribute?.name ?? second.typePlural)"
      if invocation.wantsJSON {
        invocation.printJSON(json([GraphSeries(name: yLabel, points: points)], xLabel: xLabel))
        return
      }
      guard !points.isEmpty else {
        invocation.note("No \(grouping) has both \(data.typePlural) and \(second.typePlural).")
        return
      }
      try ChartOutput.write(
        ChartSpec.paired(
          points, title: "\(data.typeName) and \(second.typeName)", xLabel: xLabel, yLabel: yLabel,
          subtitle: "\(points.count) groups"),
        invocation, idPrefix: "graph")
      return
    }
    if aggregations.contains(where: \.needsNumbers) && !hasNumbers && !data.samples.isEmpty {
      throw CLIError(
        .usage,
        "\(valueName) has no numbers to \(aggregations.first { $0.needsNumbers }?.rawValue ?? "average"); use --agg count, or --y with a number attribute"
      )
    }
    let series =
      grouping.map {
        GraphBuilder.grouped(
          data.samples, grouping: $0, aggregations: aggregations, name: valueName)
      }
      ?? [GraphBuilder.raw(data.samples, name: valueName)]
    if invocation.wantsJSON {
      invocation.printJSON(json(series, xLabel: nil))
      return
    }
    guard series.contains(where: \.hasValues) else {
      invocation.note("No \(data.typePlural) to draw.")
      return
    }
    try ChartOutput.write(
      ChartSpec.graph(
        series, grouping: grouping, kind: kind, title: query,
        subtitle: "\(data.samples.count) \(data.typePlural)", yLabel: valueName),
      invocation, idPrefix: "graph")
  }

  private static func aggregation(_ name: String, _ invocation: Invocation) throws(CLIError)
    -> GraphAggregation
  {
    guard let aggregation = GraphAggregation(rawValue: name.lowercased()) else {
      throw invocation.unknownChoice(
        "'\(name)' is not an aggregation", name, among: GraphAggregation.allCases.map(\.rawValue))
    }
    return aggregation
  }

  private static func json(_ series: [GraphSeries], xLabel: String?) -> JSONValue {
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
