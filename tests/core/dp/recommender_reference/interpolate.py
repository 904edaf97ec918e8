#!/usr/bin/env python3
"""Independent check of the recommender's interpolation (run outside the build):
reads core/data/histogram_recommender_errors.csv, averages the shapes and interpolates
log error bilinearly in (log domain, log N*eps) by hand. Prints the figures pasted as
constants in tests/core/dp/tst_histogram_recommender.cpp.
    python3 tests/core/dp/recommender_reference/interpolate.py"""
import csv, math, os

root = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..")
with open(os.path.join(root, "core/data/histogram_recommender_errors.csv")) as f:
    rows = [r for r in csv.reader(line for line in f if not line.startswith("#"))][1:]
names = {"random-ranges": "RandomRanges", "prefix": "Prefix", "point": "Point"}
rows = [(d, dom, scale, names[wl], alg, shape, mean, se) for d, dom, scale, wl, alg, shape, mean, se in rows]
table = {}
for dims, dom, scale, wl, alg, shape, mean, se in rows:
    table.setdefault((int(dims), int(dom), float(scale), wl, alg), []).append(float(mean))
def at(dims, dom, scale, wl, alg):
    v = table[(dims, dom, scale, wl, alg)]
    return sum(v) / len(v)

# 1) grid point, by hand: 1-D, 1024 bins, random ranges, N*eps = 1e3
print("grid dawa 1024 1e3 =", repr(at(1, 1024, 1e3, "RandomRanges", "histogram:dawa")))
print("grid greedy-h 1024 1e3 =", repr(at(1, 1024, 1e3, "RandomRanges", "histogram:greedy-h")))
# 2) geometric midpoint in scale (N*eps = sqrt(1e3 * 1e4)): sqrt of the two ends
a, b = at(1, 1024, 1e3, "RandomRanges", "histogram:dawa"), at(1, 1024, 1e4, "RandomRanges", "histogram:dawa")
print("mid-scale dawa 1024 3162.28 =", repr(math.sqrt(a * b)))
# 3) midpoint in both (domain 2048, N*eps 3162.28): fourth root of the four corners
c = at(1, 4096, 1e3, "RandomRanges", "histogram:dawa")
d = at(1, 4096, 1e4, "RandomRanges", "histogram:dawa")
print("mid-both dawa 2048 3162.28 =", repr((a * b * c * d) ** 0.25))
# 4) a quarter of the way in log scale at 4096 (N*eps = 10^3.25), Greedy-H
g3, g4 = at(1, 4096, 1e3, "RandomRanges", "histogram:greedy-h"), at(1, 4096, 1e4, "RandomRanges", "histogram:greedy-h")
print("quarter greedy-h 4096 10^3.25 =", repr(math.exp(0.75 * math.log(g3) + 0.25 * math.log(g4))))
