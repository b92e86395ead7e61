/// One Record before it is formatted: instants, the value exactly as it will be written, and
/// the draws its attributes and children need.
///
/// Values are kept as `scaled × 10^-decimals` so the text and the manifest's sums come from the
/// same integer: a naive re-summation of the XML agrees with the manifest.
struct SynthSample {
  /// UTC seconds.
  var start: Int64
  var end: Int64
  /// The quantity times 10^`decimals`; for category types the ``SynthCategoryValue`` raw value,
  /// or -1 for a Record without a `value` attribute.
  var scaled: Int64
  var decimals: Int8
  /// Written in exponent notation (`8.38e-05`).
  var exponent = false
  var source: SynthSource
  /// Index into the source's software versions.
  var era: UInt8
  /// Seconds from `endDate` to `creationDate`; negative when the Record has no `creationDate`.
  var creationDelay: Int32
  var hasDevice = true
  var hasVersion = true
  /// Per-type detail: heart-rate motion context (-1 none), drink, meal item, unit variant, beats.
  var detail: Int32 = -1
  /// Draws made at write time: the device address and HRV beats.
  var seed: UInt64
  /// Generation order, the tie-break that keeps sorting deterministic.
  var sequence: Int32 = 0

  /// A quantity sample whose value is `value` rounded to `decimals` places.
  static func quantity(
    _ source: SynthSource, era: UInt8, start: Int64, end: Int64, value: Double, decimals: Int,
    creationDelay: Int, seed: UInt64
  ) -> SynthSample {
    let scaled = Int64((value * Double(SynthByteBuffer.powers[decimals])).rounded())
    return SynthSample(
      start: start, end: end, scaled: scaled, decimals: Int8(decimals), source: source, era: era,
      creationDelay: Int32(creationDelay), seed: seed)
  }

  /// A tiny positive quantity (below 10⁻⁴, where C's `%g` switches) written with three
  /// significant digits in exponent notation.
  static func tiny(
    _ source: SynthSource, era: UInt8, start: Int64, end: Int64, value: Double,
    creationDelay: Int, seed: UInt64
  ) -> SynthSample {
    precondition(value > 0 && value < 0.000_1, "exponent notation is kept for tiny values")
    var decimals = 2
    var scaled = (value * 100).rounded()
    while scaled < 100 {
      decimals += 1
      scaled = (value * Double(SynthByteBuffer.powers[decimals])).rounded()
    }
    return SynthSample(
      start: start, end: end, scaled: Int64(scaled), decimals: Int8(decimals), exponent: true,
      source: source, era: era, creationDelay: Int32(creationDelay), seed: seed)
  }

  /// A category sample; `value` nil writes no `value` attribute.
  static func category(
    _ source: SynthSource, era: UInt8, start: Int64, end: Int64, value: SynthCategoryValue?,
    creationDelay: Int, seed: UInt64
  ) -> SynthSample {
    SynthSample(
      start: start, end: end, scaled: value?.rawValue ?? -1, decimals: 0, source: source, era: era,
      creationDelay: Int32(creationDelay), seed: seed)
  }

  /// The value the text states, as a parser of the text computes it.
  var value: Double {
    Double(scaled) / Double(SynthByteBuffer.powers[Int(decimals)])
  }
}
