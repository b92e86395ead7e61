import DispatchKit
import Testing

/// Number-input defaults and range resolution (docs/formats/dispatch-v2.md#number-input-styles).
struct NumberInputStyleTests {
  @Test(arguments: [
    (NumberInputStyle.textField, NumberInputConfig(minimum: 0, maximum: 10, step: 1)),
    (.slider, NumberInputConfig(minimum: 0, maximum: 10, step: 1)),
    (.dial, NumberInputConfig(minimum: 0, maximum: 10, step: 1)),
    (.stepper, NumberInputConfig(minimum: 0, maximum: .greatestFiniteMagnitude, step: 1)),
    (.tapCounter, NumberInputConfig(minimum: 0, maximum: .greatestFiniteMagnitude, step: 1)),
    (.scale, NumberInputConfig(minimum: 1, maximum: 5, step: 1)),
  ])
  func `each style has its documented defaults`(
    style: NumberInputStyle, expected: NumberInputConfig
  ) {
    #expect(style.defaults == expected)
    #expect(style.resolvedConfig(minimum: nil, maximum: nil, step: nil) == expected)
  }

  @Test func `all six styles are covered, with their raw values`() {
    #expect(
      NumberInputStyle.allCases.map(\.rawValue)
        == ["textField", "slider", "stepper", "dial", "tapCounter", "scale"])
  }

  @Test(arguments: ResolutionCase.all)
  func `stored bounds are resolved against the style`(_ test: ResolutionCase) {
    #expect(
      test.style.resolvedConfig(minimum: test.minimum, maximum: test.maximum, step: test.step)
        == test.expected)
  }

  @Test func `a resolved scale never shows more than twenty points`() {
    let config = NumberInputStyle.scale.resolvedConfig(minimum: 0, maximum: 1_000, step: 1)
    #expect(config.scalePoints.count == 20)
    #expect(config.scalePoints.first == 0)
    #expect(config.scalePoints.last == 19)
  }

  @Test func `config helpers clamp and list scale points`() {
    let config = NumberInputConfig(minimum: 1, maximum: 2, step: 0.25)
    #expect(config.scalePoints == [1, 1.25, 1.5, 1.75, 2])
    #expect(config.clamped(5) == 2)
    #expect(config.clamped(-5) == 1)
    #expect(config.isBounded)
    #expect(!NumberInputStyle.stepper.defaults.isBounded)
    #expect(NumberInputStyle.stepper.defaults.scalePoints.isEmpty)
  }
}

extension NumberInputStyleTests {
  /// Stored bounds for a style and the configuration they resolve to.
  struct ResolutionCase: Sendable, CustomTestStringConvertible {
    let id: String
    let style: NumberInputStyle
    let minimum: Double?
    let maximum: Double?
    let step: Double?
    let expected: NumberInputConfig

    var testDescription: String { id }

    private static func config(_ minimum: Double, _ maximum: Double, _ step: Double)
      -> NumberInputConfig
    {
      NumberInputConfig(minimum: minimum, maximum: maximum, step: step)
    }

    static let all: [ResolutionCase] = [
      ResolutionCase(
        id: "stored values win", style: .slider, minimum: -5, maximum: 5, step: 0.5,
        expected: config(-5, 5, 0.5)),
      ResolutionCase(
        id: "missing values come from the defaults", style: .dial, minimum: 2, maximum: nil,
        step: nil, expected: config(2, 10, 1)),
      ResolutionCase(
        id: "NaN is ignored", style: .slider, minimum: .nan, maximum: 5, step: nil,
        expected: config(0, 5, 1)),
      ResolutionCase(
        id: "infinity is ignored", style: .stepper, minimum: 1, maximum: .infinity,
        step: -.infinity, expected: config(1, .greatestFiniteMagnitude, 1)),
      ResolutionCase(
        id: "min above max reverts everything", style: .slider, minimum: 8, maximum: 3, step: 2,
        expected: config(0, 10, 1)),
      ResolutionCase(
        id: "min equal to max reverts everything", style: .slider, minimum: 4, maximum: 4,
        step: 2, expected: config(0, 10, 1)),
      ResolutionCase(
        id: "a merged min above the default max reverts", style: .slider, minimum: 20,
        maximum: nil, step: nil, expected: config(0, 10, 1)),
      ResolutionCase(
        id: "zero step reverts everything", style: .tapCounter, minimum: 5, maximum: 50, step: 0,
        expected: config(0, .greatestFiniteMagnitude, 1)),
      ResolutionCase(
        id: "negative step reverts everything", style: .slider, minimum: 0, maximum: 5,
        step: -1, expected: config(0, 10, 1)),
      ResolutionCase(
        id: "a small scale is kept", style: .scale, minimum: 0, maximum: 4, step: 2,
        expected: config(0, 4, 2)),
      ResolutionCase(
        id: "a scale is capped at twenty points", style: .scale, minimum: 1, maximum: 100,
        step: 1, expected: config(1, 20, 1)),
      ResolutionCase(
        id: "a scale of exactly twenty points is kept", style: .scale, minimum: 0, maximum: 95,
        step: 5, expected: config(0, 95, 5)),
      ResolutionCase(
        id: "a scale is clamped to a million", style: .scale, minimum: 0, maximum: 5e6,
        step: 5e5, expected: config(0, 1e6, 5e5)),
      ResolutionCase(
        id: "a scale minimum is clamped to minus a million", style: .scale, minimum: -1e9,
        maximum: -999_990, step: 1, expected: config(-1e6, -999_990, 1)),
      ResolutionCase(
        id: "only scales are capped", style: .slider, minimum: 0, maximum: 1e9, step: 1,
        expected: config(0, 1e9, 1)),
    ]
  }
}
