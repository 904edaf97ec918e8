# Usage: /usr/bin/python3 time_dpcomp2d.py DPCOMP_CHECKOUT [runs] [algorithms...] (Debian numpy/scipy)
# Times DPComp's 2-D algorithms (dpcomp_core, Python) on SF-CABS-E 256x256, eps = 1: median of 5 runs.
import sys, time, statistics, numpy as np
sys.path.insert(0, sys.argv.pop(1))  # a dpcomp_core checkout (dpcomp-org/dpcomp_core)
from dpcomp_core.algorithm import QuadTree, HB2D, UG, AG, identity, uniform, privelet2D
x = np.loadtxt('/work/shared/data/dpbench/cabspottingE_256_256.csv', delimiter=',')
print('shape', x.shape, 'N', x.sum(), flush=True)
algs = {'QuadTree': QuadTree.QuadTree_engine(), 'HB2D': HB2D.HB2D_engine(), 'UGrid': UG.UG_engine(),
        'AGrid': AG.AG_engine(), 'Identity': identity.identity_engine(), 'Uniform': uniform.uniform_noisy_engine(),
        'Privelet2D': privelet2D.privelet2D_engine()}
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
for name in sys.argv[2:] or list(algs):
    ts = []
    for r in range(runs):
        t0 = time.process_time()
        try:
            algs[name].Run(None, x.copy(), 1.0, 100 + r)
        except Exception as e:
            print(name, 'FAILED', repr(e), flush=True); break
        ts.append(time.process_time() - t0)
    if ts: print('%-12s median %.4f s CPU over %d runs (min %.4f)' % (name, statistics.median(ts), len(ts), min(ts)), flush=True)
