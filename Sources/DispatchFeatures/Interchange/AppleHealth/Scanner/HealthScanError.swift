/// Why an Apple Health export cannot be read as a whole (a bad record is skipped instead).
struct HealthScanError: Error, CustomStringConvertible, Equatable {
  enum Kind: Equatable {
    /// No `<HealthData` element: not an export.xml at all.
    case notHealthData
    /// The input ends inside a tag or before `</HealthData>`.
    case truncated
    /// A single tag longer than ``XMLByteScanner/maximumTagLength``.
    case tagTooLong
    /// Elements nested deeper than ``XMLByteScanner/maximumDepth``.
    case tooDeep
    /// A handler's own reason, e.g. a structural error.
    case invalid(String)
  }

  let kind: Kind
  /// Byte offset in the XML where it was found.
  let offset: Int64

  init(_ kind: Kind, offset: Int64) {
    self.kind = kind
    self.offset = offset
  }

  /// A handler's error at `offset`, kept as it is when it already is one of these.
  static func wrap(_ error: any Error, offset: Int64) -> HealthScanError {
    if let scan = error as? HealthScanError { return scan }
    return HealthScanError(.invalid("\(error)"), offset: offset)
  }

  var description: String {
    switch kind {
    case .notHealthData:
      return "no <HealthData> element: not an Apple Health export"
    case .truncated:
      return "the file ends in the middle (byte \(offset)): the export is incomplete"
    case .tagTooLong:
      return "a tag at byte \(offset) is longer than 16 MiB"
    case .tooDeep:
      return
        "elements nested more than \(XMLByteScanner.maximumDepth) levels deep at byte "
        + "\(offset): not an Apple Health export"
    case .invalid(let reason):
      return "\(reason) (byte \(offset))"
    }
  }
}
