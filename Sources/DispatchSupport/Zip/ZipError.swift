/// Why a zip archive could not be read or written, with the archive and entry it concerns.
///
/// Every failure of ``ZipArchive`` and ``ZipWriter`` that input or the file system can cause is
/// one of these; only programmer misuse (a non-positive chunk size, adding to a finished
/// writer) is a precondition.
public struct ZipError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The family of a failure, for callers that react differently to each.
  public enum Kind: Sendable, Equatable {
    /// No end of central directory record: the file is not a zip archive (or lost its end).
    case notAZip
    /// The archive or an entry's data ends before the records say it does.
    case truncated
    /// A valid zip feature this reader does not implement: encryption, a compression method
    /// other than stored or deflate, archives split over several disks.
    case unsupported
    /// Records or compressed data that contradict the zip format.
    case corrupt
    /// An entry's bytes do not have the CRC-32 its central directory record promises.
    case crcMismatch
    /// An entry holds more or fewer bytes than its central directory record says.
    case sizeMismatch
    /// The operating system refused to open, read or write the file.
    case io
  }

  /// The family of the failure.
  public let kind: Kind
  /// The archive's path as the caller gave it.
  public let path: String
  /// The entry being read or written, when the failure concerns one.
  public let entry: String?
  /// What exactly is wrong, with values in single quotes; may be empty.
  public let detail: String

  /// A failure of `kind` in the archive at `path`, about `entry` when given.
  public init(_ kind: Kind, path: String, entry: String? = nil, detail: String = "") {
    self.kind = kind
    self.path = path
    self.entry = entry
    self.detail = detail
  }

  /// One lowercase line such as `export.zip: entry 'apple_health_export/export.xml' is truncated`.
  public var description: String {
    let subject = entry.map { "entry '\(Self.printable($0))'" } ?? "the archive"
    let summary: String
    switch kind {
    case .notAZip: summary = "not a zip archive"
    case .truncated: summary = "\(subject) is truncated"
    case .unsupported: summary = "\(subject) uses an unsupported zip feature"
    case .corrupt: summary = "\(subject) is corrupt"
    case .crcMismatch: summary = "\(subject) fails its crc-32 check"
    case .sizeMismatch: summary = "\(subject) has the wrong size"
    case .io: summary = entry == nil ? "input/output error" : "input/output error on \(subject)"
    }
    let place = Self.printable(path)
    return detail.isEmpty ? "\(place): \(summary)" : "\(place): \(summary): \(detail)"
  }

  /// `text` with control characters escaped (`\n`, `\u{1B}`), so a damaged entry name cannot
  /// break the message over several lines or drive the terminal.
  private static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        result +=
          scalar == "\n" ? "\\n" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
