import DispatchCore

/// Dispatch's per-question drill-in (docs/insights.md#drill-in-rules): every target of one question
/// against people, places, connection, time of day and health metrics, each pairing tested,
/// Benjamini–Hochberg over every p-value of the drill-in, and a finding only past both the
/// false discovery rate and an effect floor. Untested and null pairs stay as rows, so the
/// answer is never an unexplained blank.
public enum DrillInEngine {
  /// Reports needed on each side of a binary split.
  public static let minimumSideCount = 10
  /// Reports needed with both variables of a pairing.
  public static let minimumPairCount = 20
  /// Answered reports the question needs before anything is tested.
  public static let minimumEligibleAnswers = 20
  /// The rate floor: 15 points.
  public static let minimumRateDelta = 0.15
  /// The standardized-mean floor, the weak tier.
  public static let minimumStandardizedDifference = 0.35
  /// The correlation floor.
  public static let minimumPearsonR = 0.30
  /// The Benjamini–Hochberg q.
  public static let falseDiscoveryRate = 0.05
  /// The level of every interval shown.
  public static let confidence = 0.95
  /// Labels of a multi-valued question analysed, most common first.
  public static let maximumTargets = 8
  /// People, and places, compared: the most frequent of each.
  public static let maximumDimensionsPerFamily = 8

  /// The drill-in of `question` over the filed reports (drafts are left out).
  public static func compute(
    question: Question, reports: [Report], questions: [Question], people: [Person]
  ) -> DrillIn {
    let filed = reports.filter { !$0.isDraft }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    let variables = DrillInVariables(
      reports: filed, question: question, questions: questions, people: people)
    let answered = variables.answeredCount
    guard answered >= minimumEligibleAnswers else {
      let row = DrillInCandidate.insufficient(
        id: "drillIn:\(question.id)", name: "“\(question.prompt)”", have: answered,
        needed: minimumEligibleAnswers)
      return DrillIn(
        question: question, rows: [row.row(status: .insufficientData)], isTruncated: false,
        answeredCount: answered)
    }
    let (targets, isTruncated) = variables.targets()
    let dimensions = variables.dimensions()
    var candidates: [DrillInCandidate] = []
    for target in targets {
      for dimension in dimensions {
        candidates.append(DrillInPairing(target: target, dimension: dimension).candidate())
      }
    }
    return DrillIn(
      question: question, rows: rows(of: candidates), isTruncated: isTruncated,
      answeredCount: answered)
  }

  /// BH over every tested pair's p-value, then findings by magnitude, nulls, short rows.
  static func rows(of candidates: [DrillInCandidate]) -> [InsightRow] {
    let tested = candidates.indices.filter { candidates[$0].p != nil }
    let pValues = tested.map { candidates[$0].p ?? 1 }
    let rejected = BenjaminiHochberg.rejections(pValues, at: falseDiscoveryRate) ?? []
    var significant = Set<Int>()
    for (position, index) in tested.enumerated() where position < rejected.count {
      if rejected[position] { significant.insert(index) }
    }
    var findings: [DrillInCandidate] = []
    var nulls: [DrillInCandidate] = []
    var short: [DrillInCandidate] = []
    for (index, candidate) in candidates.enumerated() {
      if candidate.p == nil {
        short.append(candidate)
      } else if significant.contains(index) && candidate.passesFloor {
        findings.append(candidate)
      } else {
        nulls.append(candidate.null())
      }
    }
    findings.sort {
      $0.magnitude != $1.magnitude ? $0.magnitude > $1.magnitude : $0.sortKey < $1.sortKey
    }
    nulls.sort { $0.sortKey < $1.sortKey }
    short.sort { $0.sortKey < $1.sortKey }
    return findings.map { $0.row(status: .finding) } + nulls.map { $0.row(status: .noReliableLink) }
      + short.map { $0.row(status: .insufficientData) }
  }
}

/// A question's drill-in: its rows in display order, and the note for cut label lists.
public struct DrillIn: Sendable, Equatable {
  /// The question drilled into.
  public var question: Question
  /// Findings strongest first, then "No reliable link" rows, then "Not enough data yet" rows.
  public var rows: [InsightRow]
  /// Whether only the eight most common labels were analysed.
  public var isTruncated: Bool
  /// Filed reports answering the question.
  public var answeredCount: Int

  /// "Showing your 8 most common answers." when the labels were cut.
  public var note: String? {
    isTruncated ? "Showing your \(DrillInEngine.maximumTargets) most common answers." : nil
  }

  /// The verbatim disclaimer shown with every drill-in.
  public static let disclaimer = InsightCopy.disclaimer
}
