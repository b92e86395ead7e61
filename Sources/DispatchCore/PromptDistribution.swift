/// How random prompt times are spread over the awake window (docs/schedule.md#distributions).
public enum PromptDistribution: String, Sendable, CaseIterable {
  /// Independent uniform times.
  case random
  /// One uniform time in each of N equal slots (Dispatch's default).
  case semiRandom
  /// Evenly spaced, the first at the window start.
  case regular
  /// A minimum gap plus an exponential wait (docs/schedule.md#the-refractory-sampler): the least
  /// predictable.
  case refractory
}
