# Independent reference for tst_population_uniqueness: Zayatz with exact binomials, Pitman by
# direct maximisation of the log-likelihood (pattern search), not by the gradient's roots.
import math
hist = {1: 60, 2: 10, 3: 5, 4: 2, 8: 2, 20: 1, 50: 1}
n = sum(k * v for k, v in hist.items()); u = sum(hist.values()); N = 1000
def H1(i):
    return i * math.comb(N - i, n - 1) / math.comb(N, n) if N - i >= n - 1 else 0
tot = sum(v * H1(k) for k, v in hist.items())
print("n", n, "u", u, "zayatz", hist[1] * hist[1] * H1(1) / tot)
def L(t, a):
    if not (0 < a < 1 and t > -a): return -1e300
    s = sum(math.log(t + i * a) for i in range(1, u))
    s -= sum(math.log(t + i) for i in range(1, n))
    s += sum(v * sum(math.log(j - a) for j in range(1, k)) for k, v in hist.items())
    return s
t, a, st, sa = 10.0, 0.5, 5.0, 0.2
best = L(t, a)
while st > 1e-12 or sa > 1e-13:
    moved = False
    for dt, da in ((st, 0), (-st, 0), (0, sa), (0, -sa)):
        v = L(t + dt, a + da)
        if v > best: best, t, a, moved = v, t + dt, a + da, True
    if not moved: st /= 2; sa /= 2
print("theta", repr(t), "alpha", repr(a))
print("pitman", math.exp(math.lgamma(t + 1) - math.lgamma(t + a) + a * math.log(N)))
