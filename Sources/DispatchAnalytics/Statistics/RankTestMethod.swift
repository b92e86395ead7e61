/// How a rank test turns its statistic into a p-value.
public enum RankTestMethod: String, Sendable, Equatable, CaseIterable {
  /// Exact for small samples, normal approximation otherwise, chosen by the same rule as
  /// SciPy's `method="auto"` for the test (documented on each test).
  case automatic
  /// The exact permutation distribution of the statistic given the observed ranks. Without
  /// ties (and, for Wilcoxon, zeros) this is the classical exact null distribution SciPy's
  /// `method="exact"` uses; with ties it is the exact conditional distribution SciPy's
  /// `PermutationMethod` enumerates for small samples.
  case exact
  /// The tie-corrected normal approximation (SciPy's `method="asymptotic"`).
  case asymptotic
}
