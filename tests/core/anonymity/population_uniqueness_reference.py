# Independent reference for tst_population_uniqueness and tst_cli_anonymity (run outside the build:
# python3 tests/core/anonymity/population_uniqueness_reference.py [--adult]). Methods differ from
# core's on purpose:
# - Zayatz: exact rational H(k) / H(1) = k prod_{j<k} (N - n + 1 - j) / (N - j), scaled by N / n.
# - Pitman: direct maximisation of the log-likelihood (pattern search), not the gradient's roots.
# - SNB: K by Haas & Stokes' modified Shlosser estimator; then 2-D Newton (finite differences) on the
#   two original moment equations, with P(sample size k) summed term by term over population class
#   sizes (no closed form), from the best point of a grid over (alpha, beta). Core reduces the
#   equations to one unknown instead. A fit "does not apply" when no grid point starts Newton into
#   a solution with alpha > 0 and 0 < beta < 1.
# - Dankar et al. (2012)'s rule as ARX's RiskModelPopulationUniqueness applies it.
import csv, collections, math, os, sys
from fractions import Fraction

def zayatz(hist, N):
    n = sum(k * v for k, v in hist.items())
    if 1 not in hist: return 0.0
    def ratio(k):  # H(k) / H(1), exact
        r = Fraction(k)
        for j in range(1, k):
            if N - n + 1 - j <= 0: return Fraction(0)
            r *= Fraction(N - n + 1 - j, N - j)
        return r
    tot = sum(v * ratio(k) for k, v in hist.items())
    return float(Fraction(hist[1]) * hist[1] / tot * Fraction(N, n))

def pitman(hist, N):
    n = sum(k * v for k, v in hist.items()); u = sum(hist.values())
    if hist.get(1, 0) < 2: return None
    def L(t, a):
        if not (0 < a < 1 and t > -a): return -1e300
        terms = [math.log(t + i * a) for i in range(1, u)] + [-math.log(t + i) for i in range(1, n)]
        terms += [v * math.log(j - a) for k, v in hist.items() for j in range(1, k)]
        return math.fsum(terms)  # exactly rounded: the maximum is flat, rounding would stop the search early
    t, a, st, sa = 10.0, 0.5, 5.0, 0.2
    best = L(t, a)
    while st > 1e-12 * max(1, t) or sa > 1e-13:
        moved = False
        for dt, da in ((st, 0), (-st, 0), (0, sa), (0, -sa), (st, sa), (-st, -sa), (st, -sa), (-st, sa)):
            v = L(t + dt, a + da)
            if v > best: best, t, a, moved = v, t + dt, a + da, True
        if moved: st *= 2; sa = min(sa * 2, 0.2)
        else: st /= 2; sa /= 2
    if a < 1e-9: return None  # the maximum lies on alpha = 0: the model does not apply
    return t, a, math.exp(math.lgamma(t + 1) - math.lgamma(t + a) + a * math.log(N))

def shlosser_k(hist, f):  # Haas & Stokes (1998), modified Shlosser
    d = sum(hist.values()); f1 = hist.get(1, 0)
    num = sum(c * i * f * f * (1 - f * f) ** (i - 1) for i, c in hist.items())
    den = sum(c * ((1 - f) ** i) * ((1 + f) ** i - 1) for i, c in hist.items())
    g = sum(c * (1 - f) ** i for i, c in hist.items())
    e = sum(c * i * f * (1 - f) ** (i - 1) for i, c in hist.items())
    return d if den <= 0 or e <= 0 else d + f1 * num / den * (g / e) ** 2

def sample_probs(a, b, f):  # P(X = 1), P(X = 2): F = 1 + NB(a, b), X ~ Binomial(F, f), term by term
    p1 = p2 = 0.0; pg = b ** a; F = 1
    while True:  # pg = P(F - 1 = F - 1)
        t1 = pg * F * f * (1 - f) ** (F - 1)
        t2 = pg * F * (F - 1) / 2 * f * f * (1 - f) ** (F - 2) if F >= 2 else 0.0
        p1 += t1; p2 += t2
        if F > 10 and F > 3 * a * (1 - b) / b and t1 < 1e-19 * p1 and t2 < 1e-19 * p2: break
        if F > 2000000: break
        pg *= (F - 1 + a) / F * (1 - b); F += 1
    return p1, p2

def closed_probs(a, b, f):  # the closed forms, used only to seed Newton from a grid
    d = (1 - f) * (1 - b)
    return (f * (b / (1 - d)) ** a * (1 + a * d / (1 - d)),
            a * b ** a * f * f * (1 - b) / 2 * (2 - (1 - a) * d) / (1 - d) ** (a + 2))

def snb(hist, N):
    n = sum(k * v for k, v in hist.items()); f = n / N
    c1, c2 = hist.get(1, 0), hist.get(2, 0)
    if c1 == 0 or c2 == 0: return None
    K = shlosser_k(hist, f)
    def res(x, y, probs):  # x = log alpha, y = logit beta; relative residuals
        a, b = math.exp(x), 1 / (1 + math.exp(-y))
        p1, p2 = probs(a, b, f)
        return K * p1 / c1 - 1, K * p2 / c2 - 1
    grid = []
    for i in range(121):
        for j in range(121):
            x, y = math.log(10) * (-4 + i * 0.05), -14 + j * 0.25
            try: r = res(x, y, closed_probs)
            except (OverflowError, ZeroDivisionError): continue
            grid.append((r[0] ** 2 + r[1] ** 2, x, y))
    for _, x, y in sorted(grid)[:5]:
        for _ in range(100):
            r = res(x, y, sample_probs); h = 1e-6
            rx = res(x + h, y, sample_probs); ry = res(x, y + h, sample_probs)
            j11, j12 = (rx[0] - r[0]) / h, (ry[0] - r[0]) / h
            j21, j22 = (rx[1] - r[1]) / h, (ry[1] - r[1]) / h
            det = j11 * j22 - j12 * j21
            if det == 0: break
            dx, dy = (j22 * r[0] - j12 * r[1]) / det, (j11 * r[1] - j21 * r[0]) / det
            step = max(1, abs(dx) / 2, abs(dy) / 2)
            x, y = x - dx / step, y - dy / step
            if abs(dx) + abs(dy) < 1e-13: break
        r = res(x, y, sample_probs)
        if abs(r[0]) < 1e-10 and abs(r[1]) < 1e-10:
            a, b = math.exp(x), 1 / (1 + math.exp(-y))
            return a, b, K, K * b ** a
    return None

def dankar(hist, N, z, p, s):
    n = sum(k * v for k, v in hist.items())
    if hist.get(1, 0) == 0: return 0.0, "none"
    if n / N <= 0.1: return (p, "pitman") if p else (z, "zayatz")
    if s and not (z < s): return s, "snb"
    return z, "zayatz"

def report(name, hist, N):
    n = sum(k * v for k, v in hist.items())
    z = zayatz(hist, N); pt = pitman(hist, N); sn = snb(hist, N)
    print(f"{name}: n {n} u {sum(hist.values())} N {N} f {n / N!r}")
    print(f"  zayatz {z!r}")
    print("  pitman", "none" if pt is None else f"{pt[2]!r} (theta {pt[0]!r} alpha {pt[1]!r})")
    print("  snb", "none" if sn is None else f"{sn[3]!r} (alpha {sn[0]!r} beta {sn[1]!r} K {sn[2]!r})")
    d = dankar(hist, N, z, pt and pt[2], sn and sn[3])
    print(f"  dankar {d[0]!r} ({d[1]})")

test = {1: 60, 2: 10, 3: 5, 4: 2, 8: 2, 20: 1, 50: 1}
for N in (1000, 10000, 200):
    report("test", test, N)
report("cli", {1: 3, 2: 1, 3: 1}, 16)
report("snb: pairs as common as uniques", {1: 2, 2: 2, 3: 1}, 18)
report("snb: no class of size 2", {1: 3, 3: 1, 4: 1, 5: 1}, 20)
if "--adult" in sys.argv:
    here = os.path.dirname(os.path.abspath(__file__))
    rows = list(csv.DictReader(open(os.path.join(here, "../../../resources/samples/adult.csv")), delimiter=";"))
    qis = ["age", "sex", "race", "marital-status", "education"]
    hist = collections.Counter(collections.Counter(tuple(r[q] for q in qis) for r in rows).values())
    for fraction in (0.01, 0.1, 0.5, 0.75):
        report(f"adult {','.join(qis)} at {fraction}", dict(hist), round(len(rows) / fraction))
