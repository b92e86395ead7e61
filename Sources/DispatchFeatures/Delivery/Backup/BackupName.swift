import DispatchCore
import Foundation

/// A backup file name: `dispatch-backup-<slug>-yyyy-MM-dd-HHmm.json`
/// (docs/import-export.md#backup-names-and-rotation-rules).
///
/// The stamp is the local wall-clock minute of the backup, written with the gregorian calendar
/// and the `en_US_POSIX` locale so the name never depends on the user's locale settings. Legacy
/// names without a slug (`dispatch-backup-yyyy-MM-dd-HHmm.json`) still parse, with a nil slug.
public struct BackupName: Sendable, Equatable {
  /// The device slug, or nil for a legacy unslugged name.
  public var slug: String?
  /// The minute the name encodes.
  public var date: Instant
  /// The full file name.
  public var fileName: String

  static let prefix = "dispatch-backup-"
  static let suffix = ".json"
  /// The length of `yyyy-MM-dd-HHmm`.
  static let stampLength = 15

  /// Parses a file name strictly: the stamp must re-encode to exactly the same text in
  /// `timeZone`, and a slug must be in sanitized form. Returns nil for anything else, which
  /// rotation then never touches.
  public init?(fileName: String, timeZone: TimeZone) {
    guard fileName.hasPrefix(Self.prefix), fileName.hasSuffix(Self.suffix) else { return nil }
    let middle = Array(fileName.dropFirst(Self.prefix.count).dropLast(Self.suffix.count))
    guard middle.count >= Self.stampLength else { return nil }
    let stamp = String(middle.suffix(Self.stampLength))
    if middle.count == Self.stampLength {
      slug = nil
    } else {
      let head = middle.dropLast(Self.stampLength)
      guard head.count >= 2, head.last == "-" else { return nil }
      let candidate = String(head.dropLast())
      guard Self.sanitize(candidate) == candidate else { return nil }
      slug = candidate
    }
    let formatter = Self.stampFormatter(timeZone)
    guard stamp.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }),
      let parsed = formatter.date(from: stamp), formatter.string(from: parsed) == stamp
    else { return nil }
    date = Instant(parsed)
    self.fileName = fileName
  }

  /// The name of a backup written at `date` by the device with `slug` (nil: the legacy form).
  public init(slug: String?, date: Instant, timeZone: TimeZone) {
    self.slug = slug
    let stamp = Self.stampFormatter(timeZone).string(from: date.date)
    fileName = Self.prefix + (slug.map { $0 + "-" } ?? "") + stamp + Self.suffix
    // The name only keeps the minute; parsing it back gives the minute, so keep that.
    self.date = Self.stampFormatter(timeZone).date(from: stamp).map(Instant.init) ?? date
  }

  /// The slug that keeps one device's backups apart from another's in a shared folder:
  /// sanitize(model) + "-" + sanitize(installID), where an empty model becomes "device".
  ///
  /// `("iPhone17,1", "ab12cd34")` gives `iPhone17-1-ab12cd34`.
  public static func deviceSlug(model: String?, installID: String) -> String {
    let modelPart = sanitize(model ?? "")
    let idPart = sanitize(installID)
    let head = modelPart.isEmpty ? "device" : modelPart
    return idPart.isEmpty ? head : head + "-" + idPart
  }

  /// Splits on every character that is not an ASCII letter or digit and joins the pieces
  /// with "-", dropping empty pieces (docs/import-export.md#backup-names-and-rotation-rules).
  static func sanitize(_ text: String) -> String {
    text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
  }

  /// A fresh formatter per call: `DateFormatter` is not Sendable, and backups are rare.
  static func stampFormatter(_ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd-HHmm"
    formatter.isLenient = false
    return formatter
  }
}
