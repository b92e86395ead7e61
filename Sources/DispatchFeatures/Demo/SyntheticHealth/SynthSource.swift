/// The apps and devices that wrote the synthetic samples.
///
/// Apple's two devices overlap on steps and distance, as in real exports
/// (docs/formats/apple-health.md#records, docs/health.md#sums-without-double-counting); third-party
/// apps bring their own attribute orders, devices and missing attributes.
enum SynthSource: Int, CaseIterable {
  case watch, phone, pacer, scaleSync, brewTally, cuffMate, forkful

  /// The number of sources, kept because `allCases` builds a new array on every use.
  static let count = allCases.count

  /// The order a source writes a Record's attributes in; exports vary it
  /// (docs/formats/apple-health.md#records).
  enum AttributeOrder {
    /// `type sourceName sourceVersion device unit creationDate startDate endDate value`.
    case apple
    /// `type sourceName sourceVersion unit value device creationDate startDate endDate`.
    case pacer
    /// `type unit value sourceName sourceVersion creationDate startDate endDate`.
    case forkful
  }

  var name: String {
    switch self {
    case .watch: "Ana\u{2019}s Apple Watch"
    case .phone: "Ana\u{2019}s iPhone"
    case .pacer: "Pacer"
    case .scaleSync: "ScaleSync"
    case .brewTally: "BrewTally"
    case .cuffMate: "CuffMate"
    case .forkful: "Forkful"
    }
  }

  var order: AttributeOrder {
    switch self {
    case .pacer: .pacer
    case .forkful: .forkful
    default: .apple
    }
  }

  /// Software versions in the order they were installed; a sample's era picks one.
  func versions(_ style: SyntheticHealthOptions.Style) -> [String] {
    switch (self, style) {
    case (.watch, .modern):
      ["9.2", "9.3", "9.4", "9.5", "9.6", "10.0", "10.1", "10.2", "10.3", "10.4", "10.5", "11.0"]
        + ["11.1", "11.2", "11.3", "11.4"]
    case (.watch, .legacy):
      ["7.3", "7.4", "7.5", "7.6", "8.0", "8.1", "8.3", "8.4", "8.5", "8.6", "8.7", "8.7.1"]
    case (.phone, .modern):
      ["16.2", "16.3", "16.4", "16.5", "16.6", "17.0", "17.1", "17.2", "17.3.1", "17.4", "17.5"]
        + ["18.0", "18.1", "18.2", "18.3", "18.4"]
    case (.phone, .legacy):
      ["14.4", "14.5", "14.6", "14.7", "15.0", "15.1", "15.2", "15.3", "15.4", "15.5", "15.6"]
        + ["15.7"]
    case (.pacer, _): ["7.4.0", "7.5.1", "7.6.0", "7.8.2"]
    case (.scaleSync, _): ["4.12.0", "4.13.1", "4.14.0"]
    case (.brewTally, _): ["2.8", "2.9", "3.0"]
    case (.cuffMate, _): ["3.2", "3.3"]
    case (.forkful, _): ["5.3", "5.4", "5.6"]
    }
  }

  /// What follows the `0x…` address in the device description, or nil for a source that writes
  /// no device.
  func deviceTail(version: String, style: SyntheticHealthOptions.Style) -> String? {
    switch self {
    case .watch:
      "&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, "
        + "software:\(version)&gt;"
    case .phone:
      "&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:"
        + (style == .modern ? "iPhone15,2" : "iPhone12,1") + ", software:\(version)&gt;"
    case .pacer:
      // Third-party apps describe the phone with fewer fields.
      "&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone&gt;"
    case .scaleSync:
      "&gt;, name:Smart Scale S2, manufacturer:ScaleSync Labs, model:S2, hardware:2.1, "
        + "localIdentifier:SCS2-44A1&gt;"
    case .brewTally, .cuffMate, .forkful: nil
    }
  }
}

/// One source's attribute bytes for one software version, encoded once.
struct SynthSourceBytes {
  let order: SynthSource.AttributeOrder
  /// ` sourceName="…"`.
  let name: [UInt8]
  /// ` sourceVersion="…"`.
  let version: [UInt8]
  /// `&gt;, name:… software:…&gt;"` after the address, or empty when the source has no device.
  let deviceTail: [UInt8]

  /// Every source × version, indexed `[source][era]`.
  static func table(_ style: SyntheticHealthOptions.Style) -> [[SynthSourceBytes]] {
    SynthSource.allCases.map { source in
      source.versions(style).map { version in
        SynthSourceBytes(
          order: source.order, name: Array(" sourceName=\"\(source.name)\"".utf8),
          version: Array(" sourceVersion=\"\(version)\"".utf8),
          deviceTail: source.deviceTail(version: version, style: style).map {
            Array(($0 + "\"").utf8)
          } ?? [])
      }
    }
  }
}
