import DispatchCore

/// Maps answers to state-of-mind questions onto −1…+1 (docs/insights.md#global-engine-rules):
/// yes → +0.5, no → −0.5; a lone choice → 0; otherwise choice i of n → −1 + 2i/(n−1); a number on
/// its question's scale the same way, as position i of the scale's n points.
enum StateOfMindValence {
  /// The mapped values of one response; answers that map to nothing are left out.
  static func values(of response: Response, question: Question) -> [Double] {
    switch question.type {
    case .yesNo:
      let choices = question.effectiveChoices
      guard choices.count == 2, let answer = response.options?.first else { return [] }
      if answer == choices[0] { return [0.5] }
      if answer == choices[1] { return [-0.5] }
      return []
    case .multipleChoice:
      let choices = question.effectiveChoices
      return (response.options ?? []).compactMap { option in
        guard let index = choices.firstIndex(of: option) else { return nil }
        return position(index, of: choices.count)
      }
    case .number:
      let config = question.numberConfig
      guard let value = response.numericValue, value.isFinite,
        config.maximum > config.minimum, config.maximum - config.minimum < 1e6
      else { return [] }
      let clamped = min(max(value, config.minimum), config.maximum)
      return [-1 + 2 * (clamped - config.minimum) / (config.maximum - config.minimum)]
    default:
      return []
    }
  }

  /// −1 + 2i/(n−1), and 0 for a single choice.
  static func position(_ index: Int, of count: Int) -> Double {
    count <= 1 ? 0 : -1 + 2 * Double(index) / Double(count - 1)
  }
}
