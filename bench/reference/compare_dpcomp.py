#!/usr/bin/python3
# Veil's range-query histogram methods side by side with DPComp's reference engines (dpcomp_core,
# Hay et al., SIGMOD 2016). Benchmark-only: DPComp is imported at run time from a checkout outside
# the repository (its C++/Cython extensions built there), never a build dependency.
#
# Subcommands (bench/reference/compare_dpcomp.sh runs them in order):
#   setup   --dim 1|2 --dir DIR  writes DIR/workload_<dim>d.json (2,000 random ranges, seed 9001,
#           drawn like DPComp's RandomRange: side lengths uniform in 1..domain, then a uniform
#           position; written as {"queries": [{"lb", "ub", "wgt"}]}, which veil-cli sweep reads)
#           and DIR/experiment_<dim>d.json (the Veil sweep: same data, same ranges, the methods with
#           the options that make them run as DPComp runs them)
#   dpcomp  --dim 1|2 --dir DIR --dpcomp CHECKOUT  runs every DPComp engine T trials per epsilon
#           (seeds 100000 (i + 1) + t for the i-th epsilon) and appends one row per trial to
#           DIR/dpcomp_<dim>d.csv: algorithm, epsilon, trial, seed, scaled_l1, seconds (CPU)
#   report  --dim 1|2 --dir DIR  reads DIR/veil_<dim>d.csv (veil-cli sweep's output) and the
#           DPComp rows and prints: algorithm, eps, Veil mean +- SE, DPComp mean +- SE,
#           z = (Veil - DPComp) / sqrt(SE_v^2 + SE_d^2), "agree" when |z| <= 3
# Error on both sides: DPBench's scaled average per-query L1 error ||W x - W x^||_1 / q / N with N
# the data's own total (no resampling), the column scaled_l1 of Veil's CSV.
#
# Usage: /usr/bin/python3 bench/reference/compare_dpcomp.py setup  --dim 1 --dir /tmp/cmp [--data FILE]
#                                                          [--eps 0.1,1] [--trials 50]
#        /usr/bin/python3 bench/reference/compare_dpcomp.py dpcomp --dim 1 --dir /tmp/cmp --dpcomp /tmp/dpcmp/src
#                                      [--trials 50] [--trials-for UGrid=20] [--only Identity,HB]
#        /usr/bin/python3 bench/reference/compare_dpcomp.py report --dim 1 --dir /tmp/cmp
# Needs NumPy and SciPy (Debian's python3-numpy 1.24 / python3-scipy 1.10 were used) and, for
# DPComp, python3-future. DPComp predates NumPy 1.23: its ndRangeUnion.slice returns a list of
# slices, which NumPy now refuses as an index; `dpcomp` replaces it at run time by the same slices
# as a tuple (nothing else in DPComp is changed).
# Run time (2 shared cores, nice 19, 50 trials at eps 0.1 and 1; Greedy-H 20): `dpcomp` 1-D about
# 14 min CPU (Greedy-H 16 s per run: 11 min of it), 2-D about 16 min CPU (UGrid at eps 1 7 s per
# run, DAWA-2D and its float variant 1.7 s, QuadTree and HB2D 1.2 s); about 30 min wall each when
# the two ran side by side with another build. setup and report take seconds.
import argparse
import csv
import json
import math
import os
import sys
import time

import numpy as np

DATA = '/work/shared/data/dpbench'
DEFAULT_DATA = {1: DATA + '/NETTRACE.n4096.npy', 2: DATA + '/cabspottingE_256_256.npy'}
QUERIES, WORKLOAD_SEED = 2000, 9001

# name, Veil method (id, options), DPComp engine factory (takes the imported dpcomp_core.algorithm).
# Options documented in docs/algorithms/*.md as DPComp's: MWEM 10 rounds, 100 update passes, half of
# each round's eps on selection; H2 = branching 2 with consistency; DAWA with DPComp's partition
# rule and its engine's ratio (1-D dawa_engine 0.5, 2-D dawa2D_engine 0.25); quadtree height 8
# (single cells on 256 x 256, as DPComp's) with its post-processing; AHP ratio 0.85, eta 0.35.
ALGORITHMS = {
    1: [
        ('Identity', 'histogram:identity', {}, lambda A: A.identity.identity_engine()),
        ('H2', 'histogram:hierarchical', {'branching': 2, 'consistency': True}, lambda A: A.HB.H2_engine()),
        ('HB', 'histogram:hb', {}, lambda A: A.HB.HB_engine()),
        ('Privelet', 'histogram:privelet', {}, lambda A: A.privelet.privelet_engine()),
        ('MWEM', 'histogram:mwem', {'rounds': 10, 'update_passes': 100, 'selection_share': 0.5},
         lambda A: A.mwemND.mwemND_engine(nrounds=10, ratio=0.5, updateround=100)),
        # DPComp's default index 'DEFAULT1D' is not a key of its table (spelt 'DEFALUT1D').
        ('MWEM*', 'histogram:mwem-star', {'update_passes': 100, 'selection_share': 0.5},
         lambda A: A.mwemND.mwemND_adaptive_engine(index='DEFALUT1D', ratio=0.5, updateround=100)),
        ('Uniform', 'histogram:uniform', {}, lambda A: A.uniform.uniform_noisy_engine()),
        ('Greedy-H', 'histogram:greedy-h', {}, lambda A: A.dawa.greedyH_only_engine()),
        ('DAWA', 'histogram:dawa', {'ratio': 0.5, 'partition': 'dpcomp'}, lambda A: A.dawa.dawa_engine(ratio=0.5)),
        ('AHP', 'histogram:ahp', {'ratio': 0.85, 'eta': 0.35}, lambda A: A.ahp.ahpND_engine(ratio=0.85, eta=0.35)),
        ('EFPA', 'histogram:efpa', {'ratio': 0.5}, lambda A: A.thirdparty.efpa_engine()),
        ('PHP', 'histogram:php', {'ratio': 0.5}, lambda A: A.thirdparty.php_engine()),
    ],
    2: [
        ('Identity', 'histogram:identity', {}, lambda A: A.identity.identity_engine()),
        ('Uniform', 'histogram:uniform', {}, lambda A: A.uniform.uniform_noisy_engine()),
        ('UGrid', 'psd:grid', {}, lambda A: A.UG.UG_engine(c=10)),
        ('AGrid', 'psd:agrid', {'alpha': 0.5, 'c': 10, 'c2': 5, 'postprocess': True},
         lambda A: A.AG.AG_engine(c=10, c2=5, alpha=0.5)),
        ('QuadTree', 'psd:quad', {'height': 8, 'budget': 'geometric', 'postprocess': True},
         lambda A: A.QuadTree.QuadTree_engine()),
        ('HB2D', 'histogram:hb2d', {}, lambda A: A.HB2D.HB2D_engine()),
        ('Privelet2D', 'histogram:privelet2d', {}, lambda A: A.privelet2D.privelet2D_engine()),
        ('DAWA-2D', 'histogram:dawa', {'ratio': 0.25, 'partition': 'dpcomp'},
         lambda A: A.dawa.dawa2D_engine(ratio=0.25)),
    ],
}


def dawa2d_float_engine(A):
    """DPComp's dawa2D_engine run step by step, its estimate kept in float64: dawa2D_engine.Run writes
    the estimate into an int32 array (truncating every cell toward zero); everything else, the
    random stream included, is DPComp's (Hilbert curve, workload matrix, partition, Greedy-H)."""
    engine = A.dawa.dawa2D_engine(ratio=0.25)
    driver = A.dawa.routine_engine.transform_engine_qtqmatrix_linear

    class Float2D:
        def Run(self, Q, x, epsilon, seed):
            n1, n2 = x.shape
            d = 2 ** int(math.ceil(math.log(max(n1, n2), 2)))
            square = np.zeros((d, d), dtype='int32')
            square[:n1, :n2] = x
            rows, cols = A.dawa.hilbert(d)
            qmat = np.zeros((len(Q.query_list), d * d))
            for i, q in enumerate(Q.query_list):
                qmat[i] = q.asArray([d, d])[rows, cols]
            flat = driver.Run(engine, qmat, square[rows, cols], epsilon, seed)
            out = np.zeros((d, d))
            out[rows, cols] = flat
            return out[:n1, :n2]
    return Float2D()


# DPComp-only variants, compared against the Veil method of the second name.
DIAGNOSTICS = {1: [], 2: [('DAWA-2D*', 'DAWA-2D', dawa2d_float_engine)]}


def load_data(path):
    x = np.load(path) if path.endswith('.npy') else np.loadtxt(path, delimiter=',')
    return x


def random_ranges(shape, count, seed):
    """RandomRange's draws in its order: per query every side length in 1..n, then every corner."""
    prng = np.random.RandomState(seed)
    out = []
    for _ in range(count):
        sides = [prng.randint(1, n + 1, None) for n in shape]
        lb = [prng.randint(0, n - s + 1, None) for n, s in zip(shape, sides)]
        out.append((lb, [l + s - 1 for l, s in zip(lb, sides)]))
    return out


def answers(values, ranges):
    """Range sums from prefix sums (1-D) or a summed-area table (2-D), in float64."""
    v = np.asarray(values, dtype=np.float64)
    if v.ndim == 1:
        s = np.concatenate([[0.0], np.cumsum(v)])
        lo = np.array([r[0][0] for r in ranges])
        hi = np.array([r[1][0] for r in ranges])
        return s[hi + 1] - s[lo]
    s = np.zeros((v.shape[0] + 1, v.shape[1] + 1))
    s[1:, 1:] = v.cumsum(0).cumsum(1)
    r0 = np.array([r[0][0] for r in ranges]); r1 = np.array([r[1][0] for r in ranges]) + 1
    c0 = np.array([r[0][1] for r in ranges]); c1 = np.array([r[1][1] for r in ranges]) + 1
    return s[r1, c1] - s[r0, c1] - s[r1, c0] + s[r0, c0]


def paths(args):
    d = args.dim
    return {k: os.path.join(args.dir, '%s_%dd.%s' % (k, d, ext)) for k, ext in
            [('workload', 'json'), ('experiment', 'json'), ('veil', 'csv'), ('dpcomp', 'csv'), ('meta', 'json')]}


def cmd_setup(args):
    p = paths(args)
    data = args.data or DEFAULT_DATA[args.dim]
    x = load_data(data)
    assert x.ndim == args.dim, 'the data is %d-D' % x.ndim
    ranges = random_ranges(x.shape, QUERIES, WORKLOAD_SEED)
    os.makedirs(args.dir, exist_ok=True)
    with open(p['workload'], 'w') as f:
        json.dump({'name': 'RandomRange(None, %s, %d, seed=%d)' % (x.shape, QUERIES, WORKLOAD_SEED),
                   'queries': [{'lb': [int(v) for v in lb], 'ub': [int(v) for v in ub], 'wgt': 1}
                               for lb, ub in ranges]}, f)
    eps = [float(e) for e in args.eps.split(',')]
    methods = []
    for name, vid, opts, _ in ALGORITHMS[args.dim]:
        m = {'id': vid, 'label': name}
        if opts:
            m['options'] = opts
        methods.append(m)
    exp = {'name': 'Veil vs DPComp, %d-D' % args.dim,
           'description': 'written by bench/reference/compare_dpcomp.py setup',
           'dataset': {'file': os.path.abspath(data)},
           'workload': {'file': os.path.abspath(p['workload'])},
           'methods': methods, 'epsilon': eps, 'trials': args.trials, 'seed': args.seed}
    with open(p['experiment'], 'w') as f:
        json.dump(exp, f, indent=1)
    with open(p['meta'], 'w') as f:
        json.dump({'data': os.path.abspath(data), 'eps': eps, 'trials': args.trials}, f)
    print('wrote %s (%d ranges over %s, N = %g) and %s' % (p['workload'], len(ranges), x.shape, x.sum(),
                                                            p['experiment']))


def import_dpcomp(checkout):
    sys.path.insert(0, os.path.abspath(checkout))
    from dpcomp_core import query_nd_union, workload
    import dpcomp_core.algorithm as A
    from dpcomp_core.algorithm import (AG, HB, HB2D, UG, QuadTree, ahp, dawa, identity, mwemND, privelet,
                                       privelet2D, thirdparty, uniform)
    # NumPy >= 1.23 refuses a list of slices as an index; DPComp's queries build one.
    query_nd_union.ndRangeUnion.slice = staticmethod(
        lambda r: tuple(slice(i, j + 1) for (i, j) in zip(r.lb, r.ub)))
    return A, query_nd_union, workload


def read_workload(path):
    with open(path) as f:
        return [(q['lb'], q['ub']) for q in json.load(f)['queries']]


def cmd_dpcomp(args):
    p = paths(args)
    with open(p['meta']) as f:
        meta = json.load(f)
    A, qnd, wl = import_dpcomp(args.dpcomp)
    x = load_data(meta['data'])
    ranges = read_workload(p['workload'])
    shape = x.shape
    # Check the ranges are DPComp's own RandomRange (DPBench's workload) for this domain and seed.
    ref = wl.RandomRange(None, shape, QUERIES, seed=WORKLOAD_SEED)
    assert [(list(q.ranges[0].lb), list(q.ranges[0].ub)) for q in ref.query_list] == \
        [(list(lb), list(ub)) for lb, ub in ranges], 'workload differs from DPComp RandomRange'
    Q = wl.Workload([qnd.ndRangeUnion().addRange(tuple(lb), tuple(ub), 1.0) for lb, ub in ranges], shape)
    truth = answers(x, ranges)
    scale = float(x.sum())
    trials_for = dict((kv.split('=')[0], int(kv.split('=')[1])) for kv in args.trials_for.split(',') if kv)
    only = set(args.only.split(',')) if args.only else None
    done = set()
    if os.path.exists(p['dpcomp']):
        with open(p['dpcomp']) as f:
            for r in csv.DictReader(f):
                done.add((r['algorithm'], float(r['epsilon']), int(r['trial'])))
    new = not os.path.exists(p['dpcomp'])
    out = open(p['dpcomp'], 'a', newline='')
    w = csv.writer(out)
    if new:
        w.writerow(['algorithm', 'epsilon', 'trial', 'seed', 'scaled_l1', 'seconds'])
    for name, _, _, factory in ALGORITHMS[args.dim] + [(n, None, None, f) for n, _, f in DIAGNOSTICS[args.dim]]:
        if only and name not in only:
            continue
        engine = factory(A)
        trials = trials_for.get(name, args.trials or meta['trials'])
        for i, eps in enumerate(meta['eps']):
            errs, secs = [], []
            for t in range(trials):
                if (name, eps, t) in done:
                    continue
                seed = 100000 * (i + 1) + t
                t0 = time.process_time()
                est = engine.Run(Q, x.copy(), eps, seed)
                dt = time.process_time() - t0
                est = np.asarray(est, dtype=np.float64).reshape(shape)
                err = float(np.abs(answers(est, ranges) - truth).sum() / len(ranges) / scale)
                w.writerow([name, eps, t, seed, repr(err), '%.4f' % dt])
                out.flush()
                errs.append(err); secs.append(dt)
            if errs:
                print('%-10s eps %-5g %3d trials  mean %.4e  %.3f s CPU/run' % (name, eps, len(errs), np.mean(errs),
                                                                            np.mean(secs)), flush=True)
    out.close()


def summary(values):
    v = np.asarray(values, dtype=np.float64)
    n = len(v)
    return n, v.mean(), (v.std(ddof=1) / math.sqrt(n) if n > 1 else float('nan'))


def cmd_report(args):
    p = paths(args)
    veil, dpc = {}, {}
    with open(p['veil']) as f:
        for r in csv.DictReader(f):
            veil.setdefault((r['label'], float(r['epsilon'])), []).append(float(r['scaled_l1']))
    if os.path.exists(p['dpcomp']):
        with open(p['dpcomp']) as f:
            for r in csv.DictReader(f):
                dpc.setdefault((r['algorithm'], float(r['epsilon'])), []).append(
                    (float(r['scaled_l1']), float(r['seconds'])))
    with open(p['meta']) as f:
        meta = json.load(f)
    print('%d-D, %s, %d ranges, scaled L1 error (mean +- standard error over trials)' % (
        args.dim, os.path.basename(meta['data']), QUERIES))
    head = '%-10s %5s | %-22s %4s | %-22s %4s %8s | %7s %-8s' % (
        'algorithm', 'eps', 'Veil mean +- SE', 'n', 'DPComp mean +- SE', 'n', 's/run', 'z', 'verdict')
    print(head)
    print('-' * len(head))
    rows = [(n, n) for n, _, _, _ in ALGORITHMS[args.dim]] + [(n, v) for n, v, _ in DIAGNOSTICS[args.dim]]
    for name, veil_label in rows:
        for eps in meta['eps']:
            v = veil.get((veil_label, eps))
            d = dpc.get((name, eps))
            vs = summary(v) if v else None
            ds = summary([e for e, _ in d]) if d else None
            vtxt = '%.3e +- %.1e' % (vs[1], vs[2]) if vs else '-'
            dtxt = '%.3e +- %.1e' % (ds[1], ds[2]) if ds else '-'
            dsec = '%.3f' % np.mean([s for _, s in d]) if d else '-'
            if vs and ds:
                z = (vs[1] - ds[1]) / math.sqrt(vs[2] ** 2 + ds[2] ** 2)
                verdict = 'n/a' if not math.isfinite(z) else 'agree' if abs(z) <= 3 else 'DIFFER'
                ztxt = '%7.2f' % z
            else:
                ztxt, verdict = '      -', 'n/a'
            print('%-10s %5g | %-22s %4s | %-22s %4s %8s | %s %-8s' % (
                name, eps, vtxt, vs[0] if vs else '-', dtxt, ds[0] if ds else '-', dsec, ztxt, verdict))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest='cmd', required=True)
    for c in ('setup', 'dpcomp', 'report'):
        s = sub.add_parser(c)
        s.add_argument('--dim', type=int, choices=(1, 2), required=True)
        s.add_argument('--dir', required=True)
        if c == 'setup':
            s.add_argument('--data', help='1-D or 2-D counts (.npy or .csv); default NETTRACE / SF-CABS-E')
            s.add_argument('--eps', default='0.1,1')
            s.add_argument('--trials', type=int, default=50)
            s.add_argument('--seed', type=int, default=2016)
        if c == 'dpcomp':
            s.add_argument('--dpcomp', required=True, help='dpcomp_core checkout with its extensions built')
            s.add_argument('--trials', type=int, default=0, help='0: the experiment\'s')
            s.add_argument('--trials-for', default='', help='NAME=T,... per-algorithm trial counts')
            s.add_argument('--only', default='', help='comma-separated algorithm names')
    args = ap.parse_args()
    {'setup': cmd_setup, 'dpcomp': cmd_dpcomp, 'report': cmd_report}[args.cmd](args)


if __name__ == '__main__':
    main()
