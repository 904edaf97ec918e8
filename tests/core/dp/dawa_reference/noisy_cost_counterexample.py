# Monte Carlo (outside the build; plain Python 3) of DAWA's partition on 3 cells x = (1000, x1, 976),
# neighbours x1 = 986 / 987 (one record in cell 1), eps1 = 1, eps2 = 1/99; P[partition {01}{2}].
# - dpcomp: DPComp's rule (cutil.cpp L1partition_approx): Laplace((2 - 1/len - 1/n)/eps1) on each
#   bucket of length >= 2, cost clamped below at 1/eps2. Ratio 3.78 > e: not eps1-DP.
# - noisy-cost: Veil's rule: every bucket (singletons too) Laplace((2(1 - 1/len) + dmax)/eps1),
#   dmax = 2(1 - 1/L) = 1 (L = 2, the longest candidate), no clamp. Ratio must stay <= e.
# - noisy-cost, penalty 1: the same with a public 1 x 2 dmax / eps1 = 2 added to every bucket's cost.
# Printed (1e6 draws each, seed 1): dpcomp 0.044247 / 0.16742 (ratio 3.78);
# noisy-cost 0.166491 / 0.307178 (ratio 1.85); noisy-cost penalty 1 0.166152 / 0.307323 (ratio
# 1.85: the penalty mostly moves mass off the three singletons, which {01}{2} barely had).
# docs/algorithms/dawa.md.
import random, math
random.seed(1)
eps1, a = 1.0, 99.0
def lap(s):
    u = random.random() - 0.5
    return -s * math.copysign(1, u) * math.log(1 - 2 * abs(u))
def prob(x, rule, N=1_000_000, penalty=0.0):
    d01, d12 = abs(x[0]-x[1]), abs(x[1]-x[2])
    hit = 0
    for _ in range(N):
        if rule == "dpcomp":
            s = (2 - 1/2 - 1/3) / eps1
            c0 = c1 = c2 = a
            c01 = max(d01 + a + lap(s), a); c12 = max(d12 + a + lap(s), a)
        else:
            s1, s2 = (0 + 1) / eps1, (1 + 1) / eps1
            b = a + penalty * 2 * 1 / eps1
            c0, c1, c2 = b + lap(s1), b + lap(s1), b + lap(s1)
            c01 = d01 + b + lap(s2); c12 = d12 + b + lap(s2)
        # DP over prefix ends, ties to the longer bucket (<=), as cheapestPartition
        b1 = c0
        b2, two = (c01, True) if c01 <= b1 + c1 else (b1 + c1, False)
        b3_single, b3_pair = b2 + c2, b1 + c12
        if b3_pair <= b3_single: continue          # ends with bucket {12}
        if two: hit += 1                           # {01}{2}
    return hit / N
for rule, penalty in (("dpcomp", 0.0), ("noisy-cost", 0.0), ("noisy-cost", 1.0)):
    p = prob((1000, 986, 976), rule, penalty=penalty); q = prob((1000, 987, 976), rule, penalty=penalty)
    print(rule, "penalty", penalty, "P[{01}{2}] x1=986:", p, " x1=987:", q, " ratio:", round(q/p, 3),
          " e^eps1:", round(math.exp(eps1), 3))
