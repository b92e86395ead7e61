import Foundation
import Testing

/// The SciPy / statsmodels reference values in `Fixtures/statistics/vectors.json`, written once
/// by `make_vectors.py` (the tests never run Python). Absent expectations are JSON null.
struct StatisticsVectors: Decodable {
  struct Versions: Decodable {
    var numpy: String
    var scipy: String
    var statsmodels: String
  }

  struct QuantileValue: Decodable {
    var q: Double
    var value: Double
  }

  struct DescriptiveCase: Decodable {
    var name: String
    var values: [Double]
    var sum: Double
    var mean: Double
    var populationVariance: Double
    var sampleVariance: Double?
    var median: Double
    var modes: [Double]
    var mode: Double
    var quantiles: [QuantileValue]
  }

  struct NormalCase: Decodable {
    var x: Double
    var cdf: Double
    var sf: Double
  }

  struct NormalQuantileCase: Decodable {
    var p: Double
    var x: Double
  }

  struct LogGammaCase: Decodable {
    var x: Double
    var value: Double
  }

  struct IncompleteBetaCase: Decodable {
    var x: Double
    var a: Double
    var b: Double
    var value: Double
  }

  struct StudentTCase: Decodable {
    var t: Double
    var df: Double
    var cdf: Double
    var sf: Double
    var twoSided: Double
  }

  struct StudentTQuantileCase: Decodable {
    var p: Double
    var df: Double
    var t: Double
  }

  struct WelchCase: Decodable {
    var name: String
    var a: [Double]
    var b: [Double]
    var confidence: Double
    var t: Double
    var df: Double
    var p: Double
    var meanDifference: Double
    var lower: Double
    var upper: Double
  }

  struct WilsonCase: Decodable {
    var successes: Int
    var trials: Int
    var confidence: Double
    var lower: Double
    var upper: Double
  }

  struct NewcombeCase: Decodable {
    var successes1: Int
    var trials1: Int
    var successes2: Int
    var trials2: Int
    var confidence: Double
    var lower: Double
    var upper: Double
  }

  struct TwoProportionCase: Decodable {
    var successes1: Int
    var trials1: Int
    var successes2: Int
    var trials2: Int
    var z: Double?
    var p: Double?
  }

  struct PearsonCase: Decodable {
    var name: String
    var x: [Double]
    var y: [Double]
    var confidence: Double
    var r: Double
    var p: Double
    var fisherZP: Double
    var lower: Double
    var upper: Double
  }

  struct SpearmanCase: Decodable {
    var name: String
    var x: [Double]
    var y: [Double]
    var confidence: Double
    var rho: Double
    var p: Double
    var lower: Double
    var upper: Double
  }

  struct MannWhitneyCase: Decodable {
    var name: String
    var x: [Double]
    var y: [Double]
    var u: Double
    var cles: Double
    var rankBiserial: Double
    var asymptoticP: Double
    var exactP: Double?
    var automaticP: Double
  }

  struct WilcoxonCase: Decodable {
    var name: String
    var differences: [Double]
    var statistic: Double
    var positiveRankSum: Double
    var negativeRankSum: Double
    var asymptoticP: Double
    var exactP: Double?
    var automaticP: Double
  }

  struct BenjaminiHochbergCase: Decodable {
    var name: String
    var p: [Double]
    var adjusted: [Double]
    var level: Double
    var rejected: [Bool]
  }

  struct RankCase: Decodable {
    var values: [Double]
    var ranks: [Double]
  }

  var versions: Versions
  var descriptive: [DescriptiveCase]
  var normal: [NormalCase]
  var normalQuantile: [NormalQuantileCase]
  var logGamma: [LogGammaCase]
  var incompleteBeta: [IncompleteBetaCase]
  var studentT: [StudentTCase]
  var studentTQuantile: [StudentTQuantileCase]
  var welch: [WelchCase]
  var wilson: [WilsonCase]
  var newcombe: [NewcombeCase]
  var twoProportion: [TwoProportionCase]
  var pearson: [PearsonCase]
  var spearman: [SpearmanCase]
  var mannWhitney: [MannWhitneyCase]
  var wilcoxon: [WilcoxonCase]
  var benjaminiHochberg: [BenjaminiHochbergCase]
  var ranks: [RankCase]

  /// The decoded file; read once per test process.
  static func load() throws -> StatisticsVectors {
    try cached.get()
  }

  struct Missing: Error, CustomStringConvertible {
    var description: String { "the test bundle has no resource directory" }
  }

  private static let cached = Result<StatisticsVectors, any Error> {
    guard let base = Bundle.module.resourceURL else { throw Missing() }
    let url = base.appendingPathComponent("Fixtures/statistics/vectors.json")
    let data = try Data(contentsOf: url)
    return try JSONDecoder().decode(StatisticsVectors.self, from: data)
  }
}

/// Whether `actual` is within `relative` × |expected| + `absolute` of `expected`; false for nil
/// or a non-finite value, so a missing or NaN result always fails.
func isClose(_ actual: Double?, _ expected: Double, relative: Double, absolute: Double = 0)
  -> Bool
{
  guard let actual, actual.isFinite else { return false }
  return abs(actual - expected) <= relative * abs(expected) + absolute
}
