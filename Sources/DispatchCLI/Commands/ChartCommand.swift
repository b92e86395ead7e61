import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch chart QUESTION`: the home chart of one question (docs/charts.md#from-the-command-line,
/// docs/charts.md#question-series).
enum ChartCommand {
  static let periodOption = Option<OptionSharesOverTime.Period>.choice(
    "per", "day|week|month", noun: "a period",
    "Periods of shares (default week) and of numbers (default: by the range)")

  static let spec: CommandSpec = CommandSpec(
    "chart",
    abstract: "Chart one question's answers: shares, a trend or the most frequent",
    discussion: """
      Yes/no and multiple-choice questions are drawn as proportion bands per week (or --per \
      day or month), numbers as the mean per day, week or month (by the range: days up to a \
      month, weeks up to half a year, else months) over a band from the lowest to the highest \
      answer, with a gap for a period without answers; tokens, people and places as the 20 \
      most frequent, times of day as points; notes are listed, newest first. Dates are each \
      report's local time. In a terminal the chart fits its width and height; --svg writes a \
      self-contained SVG file instead (the same input always gives the same bytes). --filter keeps reports matching every criterion: \
      person:NAME, token:TEXT, place:NAME, month:1-12, year:YYYY, audio:quiet|moderate|loud, \
      steps:<5000|5000-10000|>10000, weather:CONDITION.
      """,
    arguments: [ArgumentSpec("QUESTION", "A question's prompt, ID or a unique part of either")],
    options: [
      .value("from", "DATE", "Only reports on or after this day (YYYY-MM-DD, today, Nd)"),
      .value("to", "DATE", "Only reports up to and including this day"),
      .value(
        "filter", "KEY:VALUE", repeatable: true, "Only reports matching this criterion (repeatable)"
      ),
      periodOption.spec,
    ] + ChartOutput.options,
    json: true,
    examples: [
      "dispatch chart 'Are you working?'", "dispatch chart 'How happy are you?' --from 30d",
      "dispatch chart 'Stress level?' --from 90d --per month",
      "dispatch chart 'Who are you with?' --svg people.svg",
      "dispatch chart 'Doing?' --filter person:Maya --from 90d",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let reference = invocation.positional(0) ?? ""
    let period = invocation.value(periodOption)
    var criteria: [ReportFilter.Criterion] = []
    for key in invocation.values("filter") {
      guard let criterion = ReportFilter.criterion(parsing: key) else {
        throw invocation.usage(
          "'\(key)' is not a filter: use person:NAME, token:TEXT, place:NAME, month:1-12, "
            + "year:YYYY, audio:quiet|moderate|loud, steps:<5000|5000-10000|>10000, weather:TEXT")
      }
      criteria.append(criterion)
    }
    let store = try invocation.openStore(.read)
    let question = try store.questions.question(matching: reference)
    let zone = try ScheduleSettings.load(from: store).zone
    let now = invocation.runEnvironment.now()
    let selection = ReportSelection(
      from: try invocation.dateBound("from", endOfDay: false, zone: zone, now: now),
      to: try invocation.dateBound("to", endOfDay: true, zone: zone, now: now))
    let questions = try store.questions.list()
    let people = try store.people.list()
    let filter = ReportFilter(criteria)
    let reports = try store.reports.list(selection).filter {
      filter.matches($0, questions: questions, people: people)
    }
    let series = VisualizationData.build(question: question, reports: reports, people: people)
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("question", .string(question.prompt))
      object.set("questionID", .string(question.id))
      object.set("type", .string(question.type.caseName))
      object.set("reports", reports.count)
      object.set("series", series.jsonValue)
      invocation.printJSON(object.value)
      return
    }
    guard !series.isEmpty else {
      invocation.note("No answers to '\(question.prompt)' in these reports.")
      if invocation.value("svg") == nil { return }
      try ChartOutput.write(
        ChartSpec.question(question, series: series, bands: nil)
          ?? ChartSpec(title: question.prompt, content: .frequency(FrequencyChart(items: []))),
        invocation, idPrefix: "chart")
      return
    }
    if case .recentNotes(let notes) = series {
      for note in notes { invocation.stdout.line("\(note.date.iso8601Seconds)  \(note.text)") }
      return
    }
    let bands = OptionSharesOverTime.build(
      question: question, reports: reports, period: period ?? .week)
    let periods =
      question.type == .number
      ? NumberPeriods.build(question: question, reports: reports, unit: period) : nil
    let subtitle =
      "\(reports.count) report\(reports.count == 1 ? "" : "s")"
      + (criteria.isEmpty ? "" : " · " + criteria.map(\.key).joined(separator: ", "))
    guard
      let spec = ChartSpec.question(
        question, series: series, bands: bands, periods: periods, subtitle: subtitle)
    else { return }
    try ChartOutput.write(spec, invocation, idPrefix: "chart")
  }
}
