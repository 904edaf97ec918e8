#!/usr/bin/env python3
"""Independent golden values for tests/core/graph (plain Python, no packages, brute force).
Run: python3 golden.py karate.edges [karate.labels]. Prints the figures quoted in the tests."""
import sys
from itertools import combinations
from collections import Counter

def load(path):
    adj = {}
    for line in open(path):
        p = line.split()
        if len(p) < 2: continue
        u, v = int(p[0]), int(p[1])
        if u == v: continue
        adj.setdefault(u, set()).add(v); adj.setdefault(v, set()).add(u)
    return adj

adj = load(sys.argv[1])
nodes = sorted(adj)
n = len(nodes); m = sum(len(s) for s in adj.values()) // 2
deg = {v: len(adj[v]) for v in nodes}
d = max(deg.values())
tri_v = {v: sum(1 for a, b in combinations(sorted(adj[v]), 2) if b in adj[a]) for v in nodes}
T = sum(tri_v.values()) // 3
print("n", n, "m", m, "maxdeg", d, "triangles", T)
print("max common neighbours", max(len(adj[a] & adj[b]) for a, b in combinations(nodes, 2)))
print("LS_node edges", max(max(deg[v], n - 1 - deg[v]) for v in nodes))
print("LS_node triangles", max(max(tri_v[v], m - deg[v] - tri_v[v]) for v in nodes))
def maxdeg_isolated(v):
    return max([deg[u] - (1 if u in adj[v] else 0) for u in nodes if u != v] + [0])
print("LS_node maxdeg", max([n - 1 - d] + [d - maxdeg_isolated(v) for v in nodes]))
# edge projection (canonical order = neighbour id order): keep iff among first k of both ends
for k in (3, 5, 10):
    rank = {v: {w: i for i, w in enumerate(sorted(adj[v]))} for v in nodes}
    kept = [(u, v) for u in nodes for v in adj[u] if u < v and rank[u][v] < k and rank[v][u] < k]
    kadj = {v: set() for v in nodes}
    for u, v in kept: kadj[u].add(v); kadj[v].add(u)
    kt = sum(1 for u, v in kept for w in kadj[u] & kadj[v] if w > v)
    print("projection k=%d kept %d triangles %d" % (k, len(kept), kt))
# connected induced graphlets on 3 and 4 nodes (brute force over edge-connected sets)
def classify(S):
    es = [(a, b) for a, b in combinations(S, 2) if b in adj[a]]
    dg = Counter()
    for a, b in es: dg[a] += 1; dg[b] += 1
    return len(es), max(dg.values()) if dg else 0
c3 = Counter(); c4 = Counter()
seen = set()
for u in nodes:
    for v in adj[u]:
        if v < u: continue
        N = (adj[u] | adj[v]) - {u, v}
        for w in N:
            c3[classify((u, v, w))] += 1
            for x in (N | adj[w]) - {u, v, w}:
                S = frozenset((u, v, w, x))
                if S not in seen:
                    seen.add(S); c4[classify(tuple(S))] += 1
# each 3-set was visited once per edge-containing pair (u,v) and third node: divide by edge count
wedges = c3[(2, 2)] // 2; tris = c3[(3, 2)] // 3
print("graphlets3 wedge", wedges, "triangle", tris)
names = {(3, 2): "path", (3, 3): "star", (4, 2): "cycle", (4, 3): "paw", (5, 3): "diamond", (6, 3): "clique"}
print("graphlets4", {names[k]: v for k, v in sorted(c4.items())})
dc = Counter(deg.values())
prof = Counter((deg[v], tuple(sorted(deg[w] for w in adj[v]))) for v in nodes)
print("unique by degree %d/%d, by neighbourhood %d/%d" % (
    sum(1 for v in nodes if dc[deg[v]] == 1), n,
    sum(1 for v in nodes if prof[(deg[v], tuple(sorted(deg[w] for w in adj[v])))] == 1), n))
if len(sys.argv) > 2:
    lab = {int(a): b for a, b in (l.split() for l in open(sys.argv[2]) if l.strip())}
    L = sorted(set(lab.values()))
    for a in L:
        print("adjacent to", a, sum(1 for v in nodes if any(lab[w] == a for w in adj[v])))
    a, b = L[0], L[1]
    def profile(v):  # a,a,b,b / 1-2,3-4, no a-b edges among the chosen
        for x, y in combinations(sorted(adj[v]), 2):
            if not (lab[x] == a and lab[y] == a and y in adj[x]): continue
            for z, t in combinations(sorted(adj[v]), 2):
                if lab[z] == b and lab[t] == b and t in adj[z] and not ({z, t} & (adj[x] | adj[y])):
                    return True
        return False
    print("profile %s,%s,%s,%s/1-2,3-4,1!3,1!4,2!3,2!4" % (a, a, b, b), sum(1 for v in nodes if profile(v)))
    def pair(v):
        return any(lab[x] == a and lab[y] == a and y in adj[x] for x, y in combinations(sorted(adj[v]), 2))
    print("profile %s,%s/1-2" % (a, a), sum(1 for v in nodes if pair(v)))
    lt = Counter()
    for u, v, w in combinations(nodes, 3):
        if v in adj[u] and w in adj[u] and w in adj[v]:
            lt[tuple(sorted((lab[u], lab[v], lab[w])))] += 1
    print("labelled triangles", dict(lt))
