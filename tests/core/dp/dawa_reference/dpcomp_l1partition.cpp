// Runs DPComp's own L1partition_approx (dpcomp_core/algorithm/dawa/cutils/cutil.cpp) OUTSIDE the
// build, on the hand-made histogram of tst_dawa.cpp, at an epsilon so large that its noise
// (scale ~2e-9) cannot change the least-cost partition. Build and run with run_dpcomp_l1partition.sh.
#include <cstdio>
#include <initializer_list>

void L1partition_approx(int* hist, int n1, double* x, int n, double epsilon, double ratio, long seed);

int main() {
    double x[8] = {4, 4, 4, 4, 0, 8, 2, 2};
    // epsilon * (1 - ratio) = 1 / perBucket: the noise cost of a bucket.
    for (double perBucket : {1.0, 10.0}) {
        const double eps2 = 1.0 / perBucket, eps1 = 1e9;
        int hist[9];
        L1partition_approx(hist, 9, x, 8, eps1 + eps2, eps1 / (eps1 + eps2), 7);
        // hist holds the bucket ends from the right: n, then each bucket's first cell, down to 0.
        std::printf("perBucket %g: bucket starts (right to left):", perBucket);
        for (int i = 1; i < 9; ++i) {
            std::printf(" %d", hist[i]);
            if (hist[i] == 0) break;
        }
        std::printf("\n");
    }
}
