# Independent check: brute-force the lattice of a tiny table with ARX's Loss (as documented in
# veil/anonymity/metric.h), no suppression; print the optimum and its measures per k.
import itertools, math
rows = [(21,'M'),(22,'M'),(23,'F'),(24,'F'),(26,'M'),(31,'M'),(33,'F'),(35,'F'),(38,'M')]
def age_h(a, l):
    if l == 0: return str(a)
    if l == 1: lo = a//5*5; return f"{lo}-{lo+4}"
    if l == 2: lo = a//10*10; return f"{lo}-{lo+9}"
    return "*"
ages = sorted(set(a for a,_ in rows))
def leaves_age(a, l): return sum(1 for b in ages if age_h(b,l) == age_h(a,l))
def sex_h(s,l): return s if l == 0 else "*"
def leaves_sex(s,l): return 1 if l == 0 else 2
N = len(rows)
for k in (2,3):
    best = None
    for la, ls in itertools.product(range(4), range(2)):
        keys = [(age_h(a,la), sex_h(s,ls)) for a,s in rows]
        sizes = {}
        for key in keys: sizes[key] = sizes.get(key,0)+1
        if min(sizes.values()) < k: continue
        xs = []
        for leaves, H in ((lambda r: leaves_age(r[0],la)/len(ages), len(ages)), (lambda r: leaves_sex(r[1],ls)/2, 2)):
            tot = sum(leaves(r) for r in rows)
            xs.append(max(0.0, (tot - N/H)/(N - N/H)))
        loss = math.prod(1+x for x in xs) ** (1/len(xs)) - 1
        if best is None or loss < best[0]: best = (loss, (la, ls), sorted(sizes.values()))
    loss, node, sizes = best
    dm = sum(s*s for s in sizes)
    print(f"k={k} node(age,sex)={node} loss={loss!r} classes={sizes} DM*={dm} AECS={N/len(sizes)!r} "
          f"prosecutor_max={1/min(sizes)!r} prosecutor_avg={len(sizes)/N!r} at_risk(>0.3)={sum(s for s in sizes if 1/s > 0.3)}")
