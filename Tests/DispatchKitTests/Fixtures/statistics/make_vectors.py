#!/usr/bin/env python3
"""Writes vectors.json: reference values for DispatchKit's statistics library.

Run once by hand (CI never runs Python; the Swift tests read the JSON):

    python3 -m venv /tmp/scipy-venv && /tmp/scipy-venv/bin/pip install scipy statsmodels
    /tmp/scipy-venv/bin/python make_vectors.py

Every sample is a literal or drawn from a fixed seed, so a rerun with the same library versions
writes the same file. Values SciPy leaves undefined (NaN) are written as null; JSON holds no
NaN or infinity.
"""

import collections
import json
import math
import os
import platform

import numpy as np
import scipy
import scipy.special as special
import scipy.stats as stats
import statsmodels
from statsmodels.stats.proportion import (
    confint_proportions_2indep,
    proportion_confint,
    proportions_ztest,
)

rng = np.random.default_rng(20261202)


def finite(value):
    """A float for JSON, or None where the library's answer is NaN or infinite."""
    value = float(value)
    return value if math.isfinite(value) else None


def floats(values):
    return [float(v) for v in values]


def normal_sample(n, mean, sd, decimals=3):
    return floats(np.round(rng.normal(mean, sd, n), decimals))


def likert(n, low, high):
    return floats(rng.integers(low, high + 1, n))


# Descriptive statistics and quantiles (numpy's default "linear" method, type 7).
QUANTILE_LEVELS = [0.0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0]
descriptive_samples = {
    "single value": [4.25],
    "two values": [3.0, -1.0],
    "odd count unsorted": [9.0, 1.0, 7.0, 3.0, 5.0],
    "even count with ties": [2.0, 2.0, 8.0, 1.0, 8.0, 5.0],
    "all equal": [7.5] * 6,
    "two modes": [1.0, 3.0, 3.0, 2.0, 1.0, 4.0],
    "negative and fractional": [-0.5, -2.25, 3.125, 0.0, -1e-3, 10.5, 4.75],
    "large offset": [1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.4, 1e9 + 0.8],
    "normal 50": normal_sample(50, 3.0, 1.5),
    "likert 40": likert(40, 1, 7),
}
descriptive = []
for name, values in descriptive_samples.items():
    array = np.array(values)
    counts = collections.Counter(values)
    top = max(counts.values())
    descriptive.append({
        "name": name,
        "values": values,
        "sum": float(np.sum(array)),
        "mean": float(np.mean(array)),
        "populationVariance": float(np.var(array)),
        "sampleVariance": finite(np.var(array, ddof=1)) if len(values) > 1 else None,
        "median": float(np.median(array)),
        "modes": sorted(v for v, c in counts.items() if c == top),
        "mode": float(stats.mode(array, keepdims=False).mode),
        "quantiles": [
            {"q": q, "value": float(np.quantile(array, q))} for q in QUANTILE_LEVELS
        ],
    })

# Standard normal.
normal = [
    {"x": x, "cdf": float(special.ndtr(x)), "sf": float(stats.norm.sf(x))}
    for x in [-38.0, -20.0, -8.5, -5.0, -1.96, -1.0, -0.3, 0.0, 1e-8, 0.5, 1.0, 1.6448536,
              2.5, 6.0, 9.0, 30.0]
]
normal_quantile = [
    {"p": p, "x": float(special.ndtri(p))}
    for p in [1e-300, 1e-100, 1e-20, 1e-10, 1e-5, 0.001, 0.025, 0.05, 0.1, 0.3, 0.5,
              0.6, 0.8, 0.95, 0.975, 0.999, 1 - 1e-9, 1 - 1e-15]
]

# Special functions.
log_gamma = [
    {"x": x, "value": float(special.gammaln(x))}
    for x in [1e-10, 1e-3, 0.1, 0.5, 1.0, 1.5, 2.0, 2.5, 3.7, 7.0, 10.0, 12.5, 33.3, 100.0,
              1234.5, 1e5, 5e6, 1e10]
]
incomplete_beta = [
    {"x": x, "a": a, "b": b, "value": float(special.betainc(a, b, x))}
    for (x, a, b) in [
        (0.0, 2.0, 3.0), (1.0, 2.0, 3.0), (0.2, 2.0, 3.0), (0.5, 0.5, 0.5), (0.9, 0.5, 5.0),
        (0.001, 1.5, 0.5), (0.999, 10.0, 0.5), (0.3, 50.0, 60.0), (0.45, 50.0, 60.0),
        (0.5, 500.0, 500.0), (0.49, 5000.0, 5000.0), (0.9999, 500000.0, 0.5),
        (1e-5, 0.5, 2.5), (0.7, 1.0, 1.0), (0.95, 30.0, 2.0),
    ]
]

# Student t: CDF, survival, two-sided p; quantiles.
student_t = []
for df in [1.0, 2.0, 3.0, 4.5, 10.0, 29.3, 100.0, 1e4, 1e6]:
    for t in [-40.0, -6.0, -2.0, -0.5, 0.0, 0.25, 1.0, 2.1, 4.0, 12.0, 300.0]:
        student_t.append({
            "t": t, "df": df,
            "cdf": float(stats.t.cdf(t, df)),
            "sf": float(stats.t.sf(t, df)),
            "twoSided": float(2 * stats.t.sf(abs(t), df)),
        })
student_t_quantile = []
for df in [1.0, 2.0, 3.0, 5.0, 7.7, 10.0, 30.0, 120.0, 1e3, 1e5]:
    for p in [1e-12, 1e-6, 0.001, 0.025, 0.05, 0.2, 0.5, 0.7, 0.9, 0.975, 0.995, 1 - 1e-9]:
        student_t_quantile.append({"p": p, "df": df, "t": float(stats.t.ppf(p, df))})

# Welch t-test.
welch_samples = {
    "shifted normals": (normal_sample(30, 5.0, 1.0), normal_sample(25, 4.2, 1.2)),
    "unequal sizes and variances": (normal_sample(12, 10.0, 0.5), normal_sample(60, 9.0, 4.0)),
    "tiny samples": ([1.0, 2.0], [4.0, 6.5]),
    "one group constant": ([3.0, 3.0, 3.0, 3.0], [1.0, 2.0, 4.0, 2.5, 3.5]),
    "equal means": ([1.0, 2.0, 3.0, 4.0], [2.5, 2.5, 2.0, 3.0]),
    "negative difference": (normal_sample(20, -1.0, 2.0), normal_sample(20, 1.5, 2.0)),
    "p near zero": (normal_sample(40, 20.0, 0.5), normal_sample(40, 10.0, 0.5)),
    "large df": (normal_sample(400, 0.1, 1.0), normal_sample(500, 0.0, 1.0)),
}
welch = []
for name, (a, b) in welch_samples.items():
    for confidence in [0.95, 0.99]:
        result = stats.ttest_ind(a, b, equal_var=False)
        interval = result.confidence_interval(confidence)
        welch.append({
            "name": name, "a": a, "b": b, "confidence": confidence,
            "t": float(result.statistic), "df": float(result.df), "p": float(result.pvalue),
            "meanDifference": float(np.mean(a) - np.mean(b)),
            "lower": float(interval.low), "upper": float(interval.high),
        })

# Proportions: Wilson, Newcombe hybrid score, two-proportion z with pooled SE.
wilson = []
for (x, n) in [(0, 10), (1, 10), (5, 10), (10, 10), (3, 47), (120, 200), (1, 1000), (999, 1000)]:
    for confidence in [0.9, 0.95, 0.99]:
        low, high = proportion_confint(x, n, alpha=1 - confidence, method="wilson")
        wilson.append({"successes": x, "trials": n, "confidence": confidence,
                       "lower": float(low), "upper": float(high)})
newcombe = []
two_proportion = []
for (x1, n1, x2, n2) in [(12, 20, 5, 25), (5, 25, 12, 20), (0, 15, 0, 18), (15, 15, 3, 30),
                         (40, 100, 38, 100), (1, 12, 11, 12), (300, 1000, 250, 1000),
                         (7, 30, 7, 30)]:
    for confidence in [0.95, 0.99]:
        result = confint_proportions_2indep(x1, n1, x2, n2, method="newcomb", compare="diff",
                                            alpha=1 - confidence)
        newcombe.append({"successes1": x1, "trials1": n1, "successes2": x2, "trials2": n2,
                         "confidence": confidence,
                         "lower": float(result[0]), "upper": float(result[1])})
    pooled = (x1 + x2) / (n1 + n2)
    if 0 < pooled < 1:
        z, p = proportions_ztest([x1, x2], [n1, n2])
        two_proportion.append({"successes1": x1, "trials1": n1, "successes2": x2,
                               "trials2": n2, "z": float(z), "p": float(p)})
    else:
        two_proportion.append({"successes1": x1, "trials1": n1, "successes2": x2,
                               "trials2": n2, "z": None, "p": None})


# Correlation: Pearson (t-test p, Fisher z CI and Fisher z p), Spearman (t p, Bonett-Wright CI).
def fisher_z_p(r, n):
    if abs(r) >= 1:
        return 0.0
    return float(2 * stats.norm.sf(abs(math.atanh(r)) * math.sqrt(n - 3)))


def bonett_wright(rho, n, confidence):
    if abs(rho) >= 1:
        return rho, rho
    crit = special.ndtri(0.5 + confidence / 2)
    se = math.sqrt((1 + rho * rho / 2) / (n - 3))
    z = math.atanh(rho)
    return math.tanh(z - crit * se), math.tanh(z + crit * se)


base = normal_sample(40, 0.0, 1.0)
correlation_samples = {
    "positive": (base, floats(np.round(np.array(base) * 0.8 + rng.normal(0, 0.6, 40), 3))),
    "negative": (base, floats(np.round(-np.array(base) * 0.5 + rng.normal(0, 1.0, 40), 3))),
    "near zero": (normal_sample(30, 0, 1), normal_sample(30, 0, 1)),
    "four points": ([1.0, 2.0, 3.0, 4.0], [1.5, 1.0, 3.5, 3.0]),
    "five points": ([1.0, 2.0, 3.0, 4.0, 5.0], [2.0, 1.0, 4.0, 3.0, 5.0]),
    "ties in both": (likert(25, 1, 5), likert(25, 1, 5)),
    "perfect negative": ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [12.0, 10.0, 8.0, 6.0, 4.0, 2.0]),
    "strong with ties": ([1.0, 1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 6.0, 6.0, 7.0],
                         [2.0, 3.0, 3.0, 5.0, 4.0, 6.0, 6.0, 8.0, 9.0, 9.0]),
    "large n": (normal_sample(300, 0, 1), None),
}
x300 = correlation_samples["large n"][0]
correlation_samples["large n"] = (
    x300, floats(np.round(np.array(x300) * 0.2 + rng.normal(0, 1, 300), 3)))
pearson = []
spearman = []
for name, (x, y) in correlation_samples.items():
    n = len(x)
    for confidence in [0.95, 0.9]:
        result = stats.pearsonr(x, y)
        interval = result.confidence_interval(confidence)
        r = float(result.statistic)
        pearson.append({
            "name": name, "x": x, "y": y, "confidence": confidence,
            "r": r, "p": float(result.pvalue), "fisherZP": fisher_z_p(r, n),
            "lower": float(interval.low), "upper": float(interval.high),
        })
        rank_result = stats.spearmanr(x, y)
        rho = float(rank_result.statistic)
        low, high = bonett_wright(rho, n, confidence)
        spearman.append({
            "name": name, "x": x, "y": y, "confidence": confidence,
            "rho": rho, "p": float(rank_result.pvalue),
            "lower": float(low), "upper": float(high),
        })


# Mann-Whitney U: asymptotic (tie-corrected, continuity), exact, exact permutation with ties.
def u_statistic(x, y, axis):
    return stats.mannwhitneyu(x, y, axis=axis, method="asymptotic").statistic


def exact_permutation_mwu(x, y):
    result = stats.permutation_test((x, y), u_statistic, permutation_type="independent",
                                    alternative="two-sided", n_resamples=np.inf,
                                    vectorized=True)
    return float(result.pvalue)


mwu_samples = {
    "small no ties": ([1.1, 3.4, 2.2, 5.0], [4.1, 6.3, 7.7, 5.5, 8.0]),
    "fully separated": ([1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]),
    "interleaved": ([1.0, 4.0, 5.0, 8.0], [2.0, 3.0, 6.0, 7.0]),
    "one each": ([2.0], [1.0]),
    "eight by nine": (normal_sample(8, 0, 1), normal_sample(9, 0.8, 1)),
    "small with ties": ([1.0, 2.0, 2.0, 3.0, 5.0], [2.0, 3.0, 3.0, 4.0, 6.0, 6.0]),
    "likert groups": (likert(30, 1, 5), likert(40, 2, 6)),
    "unequal sizes": (normal_sample(12, 1.0, 1.0), normal_sample(70, 0.0, 2.0)),
    "p near zero": (normal_sample(60, 10, 1), normal_sample(50, 0, 1)),
    "all tied": ([3.0, 3.0, 3.0], [3.0, 3.0]),
}
mann_whitney = []
for name, (x, y) in mwu_samples.items():
    has_ties = len(set(x + y)) < len(x + y)
    n1, n2 = len(x), len(y)
    u1 = float(stats.mannwhitneyu(x, y, method="asymptotic").statistic)
    cles = u1 / (n1 * n2)
    entry = {"name": name, "x": x, "y": y, "u": u1, "cles": cles,
             "rankBiserial": 2 * cles - 1}
    asymptotic = stats.mannwhitneyu(x, y, method="asymptotic").pvalue
    entry["asymptoticP"] = finite(asymptotic)
    if not has_ties:
        entry["exactP"] = float(stats.mannwhitneyu(x, y, method="exact").pvalue)
    elif math.comb(n1 + n2, n1) <= 50000:
        entry["exactP"] = exact_permutation_mwu(x, y)
    else:
        entry["exactP"] = None
    entry["automaticP"] = finite(stats.mannwhitneyu(x, y).pvalue)
    mann_whitney.append(entry)


# Wilcoxon signed-rank (zero_method="wilcox", correction=False).
def exact_permutation_wilcoxon(d):
    def statistic(d, axis):
        nonzero = np.where(d == 0, np.nan, d)
        ranks = stats.rankdata(np.abs(nonzero), axis=axis, nan_policy="omit")
        return np.nansum(np.where(nonzero > 0, ranks, 0), axis=axis)
    result = stats.permutation_test((d,), statistic, permutation_type="samples",
                                    alternative="two-sided", n_resamples=np.inf,
                                    vectorized=True)
    return float(result.pvalue)


wilcoxon_samples = {
    "small no ties": [1.5, -0.5, 2.25, 3.0, -1.25, 4.5, 0.75],
    "all positive": [0.5, 1.0, 1.5, 2.0, 2.5, 3.0],
    "with zeros": [0.0, 1.0, -2.0, 3.0, 0.0, 4.0, 5.0, -6.0, 7.0],
    "with ties": [1.0, -1.0, 2.0, 2.0, 3.0, -3.0, 4.0, 4.0, 4.0, 5.0],
    "twenty days": normal_sample(20, 0.4, 1.0, 2),
    "sixty days": normal_sample(60, 0.3, 1.0, 2),
    "ties and zeros large": floats(np.round(rng.normal(0.2, 1.0, 40) * 2) / 2),
    "single value": [2.0],
}
wilcoxon = []
for name, d in wilcoxon_samples.items():
    nonzero = [v for v in d if v != 0]
    magnitudes = [abs(v) for v in nonzero]
    has_ties = len(set(magnitudes)) < len(magnitudes)
    has_zeros = len(nonzero) < len(d)
    entry = {"name": name, "differences": d}
    asymptotic = stats.wilcoxon(d, method="asymptotic")
    entry["statistic"] = float(asymptotic.statistic)
    ranks = stats.rankdata(magnitudes)
    entry["positiveRankSum"] = float(sum(r for r, v in zip(ranks, nonzero) if v > 0))
    entry["negativeRankSum"] = float(sum(r for r, v in zip(ranks, nonzero) if v < 0))
    entry["asymptoticP"] = finite(asymptotic.pvalue)
    if not (has_ties or has_zeros):
        entry["exactP"] = float(stats.wilcoxon(d, method="exact").pvalue)
    elif len(d) <= 16:
        entry["exactP"] = exact_permutation_wilcoxon(np.array(d))
    else:
        entry["exactP"] = None
    entry["automaticP"] = finite(stats.wilcoxon(d).pvalue)
    wilcoxon.append(entry)

# Benjamini-Hochberg.
bh_lists = {
    "sorted": [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216],
    "unsorted with ties": [0.04, 0.01, 0.04, 0.3, 0.001, 0.04, 0.9, 0.01],
    "with zero and one": [1.0, 0.0, 0.5, 0.02, 1.0],
    "single": [0.03],
    "none significant": [0.2, 0.5, 0.8, 0.35],
    "all tiny": [1e-12, 3e-9, 2e-10, 1e-300],
}
benjamini_hochberg = []
for name, ps in bh_lists.items():
    q = floats(stats.false_discovery_control(ps, method="bh"))
    for level in [0.05, 0.1]:
        benjamini_hochberg.append({"name": name, "p": ps, "adjusted": q, "level": level,
                                   "rejected": [value <= level for value in q]})

# Average ranks.
rank_samples = [
    [3.0, 1.0, 2.0],
    [10.0, 20.0, 10.0, 30.0, 20.0, 10.0],
    [5.5],
    [-1.0, -1.0, -1.0, -1.0],
    [0.3, -2.0, 7.0, 0.3, 1e9, -1e9],
]
ranks = [{"values": v, "ranks": floats(stats.rankdata(v))} for v in rank_samples]

document = {
    "generator": "make_vectors.py",
    "versions": {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "statsmodels": statsmodels.__version__,
    },
    "descriptive": descriptive,
    "normal": normal,
    "normalQuantile": normal_quantile,
    "logGamma": log_gamma,
    "incompleteBeta": incomplete_beta,
    "studentT": student_t,
    "studentTQuantile": student_t_quantile,
    "welch": welch,
    "wilson": wilson,
    "newcombe": newcombe,
    "twoProportion": two_proportion,
    "pearson": pearson,
    "spearman": spearman,
    "mannWhitney": mann_whitney,
    "wilcoxon": wilcoxon,
    "benjaminiHochberg": benjamini_hochberg,
    "ranks": ranks,
}

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors.json")
with open(path, "w", encoding="utf-8") as output:
    json.dump(document, output, indent=1, allow_nan=False)
    output.write("\n")
print(f"wrote {path}")
