#!/usr/bin/env python3
"""Figures for tst_mst, computed OUTSIDE the build.

1. rho = cdp_rho(epsilon, delta) with the MST reference implementation's own conversion
   (ryan112358/private-pgm, mechanisms/cdp2adp.py), loaded from the path given as argument:
       python3 mst_reference.py /path/to/private-pgm/mechanisms/cdp2adp.py
   (matplotlib, which that file imports but does not use here, is stubbed.)
2. The MST edge scores |x_ab - n p_a p_b|_1 of tst_mst's hand table, in plain Python.
"""
import importlib.util
import itertools
import sys
import types

sys.modules.setdefault("matplotlib", types.ModuleType("matplotlib"))
sys.modules.setdefault("matplotlib.pyplot", types.ModuleType("matplotlib.pyplot"))
spec = importlib.util.spec_from_file_location("cdp2adp", sys.argv[1])
cdp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cdp)

for eps, delta in [(1.0, 1e-9), (0.1, 1e-6), (10.0, 1e-9), (1000.0, 1e-9)]:
    print("cdp_rho(%g, %g) = %.12g" % (eps, delta, cdp.cdp_rho(eps, delta)))

# tst_mst's hand table: 8 rows over binary a, b, c, d.
rows = [(0, 0, 1, 1), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 1),
        (1, 1, 0, 0), (1, 1, 1, 1), (1, 1, 1, 1), (1, 0, 1, 1)]
n = len(rows)
for i, j in itertools.combinations(range(4), 2):
    score = 0.0
    for u in (0, 1):
        for v in (0, 1):
            x = sum(1 for r in rows if r[i] == u and r[j] == v)
            pu = sum(1 for r in rows if r[i] == u) / n
            pv = sum(1 for r in rows if r[j] == v) / n
            score += abs(x - n * pu * pv)
    print("score(%s, %s) = %g" % ("abcd"[i], "abcd"[j], score))
