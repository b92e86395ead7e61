import DispatchCore
import DispatchSupport
import Foundation

/// Writing a v2 export a page of reports at a time, so memory stays flat however long the
/// history is.
extension V2Exporter {
  /// Streams the same bytes as ``string(questions:reports:promptGroups:people:createdAt:sourceDeviceModel:sourceDeviceName:)``
  /// while reports arrive a page at a time from `forEachPage`, which must yield them in v2
  /// order (date, then ID). Each page is encoded on a thread of its own while the next is
  /// read; `sink` is only ever called on the calling thread.
  public static func write(
    questions: [Question], promptGroups: [PromptGroup] = [], people: [Person] = [],
    createdAt: Instant? = nil, sourceDeviceModel: String? = nil, sourceDeviceName: String? = nil,
    forEachPage: (_ body: ([Report]) throws -> Void) throws -> Void,
    to sink: (String) -> Void
  ) rethrows {
    try withoutActuallyEscaping(sink) { sink in
      try stream(
        questions: questions, promptGroups: promptGroups, people: people, createdAt: createdAt,
        sourceDeviceModel: sourceDeviceModel, sourceDeviceName: sourceDeviceName,
        forEachPage: forEachPage, to: sink)
    }
  }

  /// The reports of a page as they stand in the `reports` array, each after `,` and the
  /// indentation of its depth (the first page's first one is written without the comma).
  private static func encodedPage(_ reports: [Report]) -> String {
    var text = ""
    for report in reports {
      text += ",\n    "
      JSONWriter.write(reportValue(report), style: .dispatchV2, depth: 2) { text += $0 }
    }
    return text
  }

  private static func stream(
    questions: [Question], promptGroups: [PromptGroup], people: [Person], createdAt: Instant?,
    sourceDeviceModel: String?, sourceDeviceName: String?,
    forEachPage: (_ body: ([Report]) throws -> Void) throws -> Void,
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
    var wroteAny = false
    func write(_ pages: [String]) {
      for page in pages where !page.isEmpty {
        // The first report opens the array instead of following a comma.
        sink(wroteAny ? page : "[" + page.dropFirst())
        wroteAny = true
      }
    }
    let encoder = BackgroundTransform<[Report], String>(capacity: 2, transform: encodedPage)
    defer { encoder.finish() }
    try forEachPage { reports in
      encoder.submit(reports)
      write(encoder.takeReady())
    }
    write(encoder.finish())
    sink(wroteAny ? "\n  ]" : "[\n\n  ]")
    sink(String(text[range.upperBound...]))
  }
}
