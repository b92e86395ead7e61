import DispatchCore
import DispatchSupport
import Foundation

/// Writing a v2 export report by report, so memory stays flat however long the history is.
extension V2Exporter {
  /// Streams the same bytes as ``string(questions:reports:promptGroups:people:createdAt:sourceDeviceModel:sourceDeviceName:)``
  /// while reports arrive one at a time from `forEachReport`, which must yield them in v2
  /// order (date, then ID).
  public static func write(
    questions: [Question], promptGroups: [PromptGroup] = [], people: [Person] = [],
    createdAt: Instant? = nil, sourceDeviceModel: String? = nil, sourceDeviceName: String? = nil,
    forEachReport: (_ body: (Report) throws -> Void) throws -> Void,
    to sink: (String) -> Void
  ) rethrows {
    try withoutActuallyEscaping(sink) { sink in
      try stream(
        questions: questions, promptGroups: promptGroups, people: people, createdAt: createdAt,
        sourceDeviceModel: sourceDeviceModel, sourceDeviceName: sourceDeviceName,
        forEachReport: forEachReport, to: sink)
    }
  }

  private static func stream(
    questions: [Question], promptGroups: [PromptGroup], people: [Person], createdAt: Instant?,
    sourceDeviceModel: String?, sourceDeviceName: String?,
    forEachReport: (_ body: (Report) throws -> Void) throws -> Void,
    to sink: @escaping (String) -> Void
  ) rethrows {
    // The document without its reports, with a marker where the array goes; every member
    // around it is then written exactly as the one-piece encoder writes it.
    let marker = "\u{0}dispatch-reports\u{0}"
    var shell = document(
      questions: questions, reports: [], promptGroups: promptGroups, people: people,
      createdAt: createdAt, sourceDeviceModel: sourceDeviceModel,
      sourceDeviceName: sourceDeviceName)
    if case .object(var members) = shell {
      for index in members.indices where members[index].0 == "reports" {
        members[index].1 = .string(marker)
      }
      shell = .object(members)
    }
    let text = JSONWriter.string(shell, style: .dispatchV2)
    let quotedMarker = "\"\\u0000dispatch-reports\\u0000\""
    guard let range = text.range(of: quotedMarker) else {
      preconditionFailure("the reports marker is always written")
    }
    sink(String(text[..<range.lowerBound]))
    var count = 0
    try forEachReport { report in
      sink(count == 0 ? "[\n    " : ",\n    ")
      JSONWriter.write(reportValue(report), style: .dispatchV2, depth: 2, to: sink)
      count += 1
    }
    sink(count == 0 ? "[\n\n  ]" : "\n  ]")
    sink(String(text[range.upperBound...]))
  }
}
