import DispatchCommandLine
import DispatchKit

/// `dispatch graph QUERY`: any record type and attribute, grouped and aggregated
/// (docs/charts.md#from-the-command-line, Introspective's graphs).
enum GraphCommand {
  static let groupingOption = Option<GraphGrouping>.typed(
    "per", "UNIT", completion: .values(GraphGrouping.names),
    "Group per hour|day|week|month|quarter|year|weekday|tag|value"
  ) { name throws(OptionValueError) in
    guard let grouping = GraphGrouping(name: name) else {
      throw OptionValueError(
        Option<GraphGrouping>.unknownChoice(
          "'\(name)' is not a grouping", name, among: GraphGrouping.names))
    }
    return grouping
  }
  static let aggregationOption = aggregation(
    "agg", repeatable: true, "average|sum|min|max|median|mode|count|sd|first|last (repeatable)")
  static let pairedAggregationOption = aggregation(
    "vs-agg", repeatable: false,
    "The second type's aggregation (default average; total for steps and sleep)")
  static let kindOption = Option<ChartSpec.GraphKind>.choice(
    "kind", "line|bar|scatter", noun: "a kind", "How to draw (default line)")

  private static func aggregation(_ name: String, repeatable: Bool, _ help: String)
    -> Option<GraphAggregation>
  {
    .typed(name, "AGGREGATION", repeatable: repeatable, help) { text throws(OptionValueError) in
      guard let aggregation = GraphAggregation(rawValue: text.lowercased()) else {
        throw OptionValueError(
          Option<GraphAggregation>.unknownChoice(
            "'\(text)' is not an aggregation", text,
            among: GraphAggregation.allCases.map(\.rawValue)))
      }
      return aggregation
    }
  }

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
      numbers). Health types that add up (steps, energy) and sleep are drawn as each day \
      counts them, de-duplicated across sources, and default to the total: 'graph steps \
      --per day' shows the same days as 'health show steps'. --vs QUERY pairs a second type grouped the same way: a scatter of one \
      aggregate against the other, on the groups both have (daily heart rate against daily \
      mood). Empty groups of an average are gaps, not zeros. --save NAME keeps the graph \
      for the dashboard ('dispatch dashboard' and the served one draw every saved graph); \
      --saved lists them, --remove-saved NAME removes one.
      """,
    arguments: [
      ArgumentSpec(
        "QUERY", "The records to draw, e.g. mood or 'heart rate'", optional: true)
    ],
    options: [
      .value("y", "ATTRIBUTE", "What to draw (default: the type's main value)"),
      groupingOption.spec, aggregationOption.spec, kindOption.spec,
      .value("vs", "QUERY", "A second type to pair with, grouped the same way"),
      .value("vs-y", "ATTRIBUTE", "The second type's attribute"),
      pairedAggregationOption.spec,
      .value("save", "NAME", "Also keep this graph under NAME for the dashboard"),
      .flag("saved", "List the saved graphs with the command that draws each"),
      .value("remove-saved", "NAME", "Remove a saved graph"),
    ] + ChartOutput.options,
    json: true,
    examples: [
      "dispatch graph mood --per day",
      "dispatch graph steps --per week",
      "dispatch graph 'heart rate' --per week --agg average --agg max",
      "dispatch graph activity --y duration --per weekday --agg sum --kind bar",
      "dispatch graph 'heart rate' --per day --vs mood --svg hr-vs-mood.svg",
      "dispatch graph mood --per week --save 'mood per week'", "dispatch graph --saved",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    if invocation.flag("saved") { return try listSaved(invocation) }
    if let name = invocation.value("remove-saved") {
      try invocation.openStore(.write).queries.removeSavedGraph(name)
      invocation.stdout.line("Removed saved graph '\(name)'")
      return
    }
    guard invocation.positional(0) != nil else {
      throw invocation.usage("give the records to draw, e.g. dispatch graph mood --per day")
    }
    let request = GraphRequest(
      query: invocation.positional(0) ?? "", attribute: invocation.value("y"),
      aggregations: invocation.values(aggregationOption),
      grouping: invocation.value(groupingOption), kind: invocation.value(kindOption),
      pairedQuery: invocation.value("vs"), pairedAttribute: invocation.value("vs-y"),
      pairedAggregation: invocation.value(pairedAggregationOption))
    let store = try invocation.openStore(invocation.value("save") == nil ? .read : .write)
    let graph = try GraphService(store: store).graph(request)
    if let name = invocation.value("save") {
      try SavedGraphs.save(store, name: name, request: request)
      invocation.note("Saved graph '\(name)': the dashboard draws it.")
    }
    if invocation.wantsJSON {
      invocation.printJSON(GraphSeries.jsonValue(graph.series, xLabel: graph.xLabel))
      return
    }
    guard let chart = graph.chart else {
      invocation.note(graph.emptyReason ?? "Nothing to draw.")
      return
    }
    try ChartOutput.write(chart, invocation, idPrefix: "graph")
  }

  /// `--saved`: each saved graph's name and the command that draws it.
  private static func listSaved(_ invocation: Invocation) throws {
    let saved = try invocation.openStore(.read).queries.savedGraphs()
    guard !saved.isEmpty else {
      invocation.stdout.line(
        "No saved graphs. Save one: dispatch graph mood --per week --save NAME")
      return
    }
    for graph in saved {
      let command =
        (try? GraphRequest(parameters: URLText.parameters(graph.parameters)))?
        .commandLine ?? graph.parameters
      invocation.stdout.line("\(graph.name)  \(command)")
    }
  }
}
