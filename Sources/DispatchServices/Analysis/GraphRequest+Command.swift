import DispatchAnalytics
import DispatchRender
import DispatchSupport

extension GraphRequest {
  /// The `dispatch graph …` words that draw this graph, for a page to show under its chart.
  public var commandArguments: [String] {
    var words = ["dispatch", "graph", query]
    if let attribute { words += ["--y", attribute] }
    if let grouping { words += ["--per", grouping.description] }
    for aggregation in aggregations { words += ["--agg", aggregation.rawValue] }
    if let kind { words += ["--kind", kind.rawValue] }
    if let pairedQuery { words += ["--vs", pairedQuery] }
    if let pairedAttribute { words += ["--vs-y", pairedAttribute] }
    if let pairedAggregation { words += ["--vs-agg", pairedAggregation.rawValue] }
    return words
  }

  /// ``commandArguments`` as one line to paste into a shell.
  public var commandLine: String { ShellQuoting.readableCommand(commandArguments) }
}
