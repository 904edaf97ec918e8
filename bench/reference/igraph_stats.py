#!/usr/bin/python3
# Reference for `veil-cli graph stats`: python3-igraph loads an edge list of integer ids and lists
# triangles and degrees, printing load and statistics times apart. Benchmark-only, never a build
# dependency. Usage: /usr/bin/python3 bench/reference/igraph_stats.py FILE
import sys
import time

import igraph


def main():
    path = sys.argv[1]
    t0 = time.perf_counter()
    g = igraph.Graph.Read_Edgelist(path, directed=False)
    t1 = time.perf_counter()
    triangles = len(g.list_triangles())
    degrees = g.degree()
    t2 = time.perf_counter()
    print(f"igraph {igraph.__version__}: n {g.vcount()}, m {g.ecount()}, triangles {triangles}, "
          f"max degree {max(degrees)}; load {1000 * (t1 - t0):.1f} ms, "
          f"stats {1000 * (t2 - t1):.1f} ms")


if __name__ == "__main__":
    main()
