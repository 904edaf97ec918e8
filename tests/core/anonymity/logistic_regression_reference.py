#!/usr/bin/env python3
"""Reference figures for tst_logistic_regression (run outside the build; Debian python3-sklearn).

Adult (resources/samples/adult.csv): predict salary-class from the 8 other attributes, each one-hot
encoded, by 10-fold cross-validation with interleaved folds (row r in fold r mod 10), as Veil's
utility analysis does. Veil's model is a 2-class softmax with L2 penalty (lambda/2)*||W||^2 on the
non-intercept weights of both classes, the log-loss summed over rows, lambda = 1. sklearn's
multinomial LogisticRegression with C = 1/lambda minimizes the same objective; its binomial form
with C = 2/lambda too (at the optimum w1 = -w0, so the penalty is (lambda/4)*||w1 - w0||^2).
Both are printed, with the number of test rows whose probability is within 1e-4 of 1/2 (the rows an
optimizer tolerance could flip).

With a target other than salary-class (e.g. occupation, 14 classes) only the multinomial form applies.

usage: python3 logistic_regression_reference.py [path/to/adult.csv [target [folds [feature,feature,...]]]]
"""
import csv
import os
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import OneHotEncoder

here = os.path.dirname(os.path.abspath(__file__))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../../resources/samples/adult.csv")
with open(path, newline="") as f:
    rows = list(csv.reader(f, delimiter=";"))
header, rows = rows[0], rows[1:]
target_name = sys.argv[2] if len(sys.argv) > 2 else "salary-class"
target = header.index(target_name)
features = ([header.index(c) for c in sys.argv[4].split(",")] if len(sys.argv) > 4
            else [i for i in range(len(header)) if i != target])
X = OneHotEncoder().fit_transform([[r[i] for i in features] for r in rows])
y = np.array([r[target] for r in rows])
n = len(y)
folds = int(sys.argv[3]) if len(sys.argv) > 3 else 10
fold_of = np.arange(n) % folds


def cross_validated(make):
    correct, close = 0, 0
    for k in range(folds):
        train, test = fold_of != k, fold_of == k
        model = make().fit(X[train], y[train])
        correct += int((model.predict(X[test]) == y[test]).sum())
        top2 = np.sort(model.predict_proba(X[test]), axis=1)[:, -2:]
        close += int((top2[:, 1] - top2[:, 0] < 2e-4).sum())
    return correct, close


lam = 1.0
for name, make in [
    ("multinomial C=1/lambda", lambda: LogisticRegression(C=1 / lam, multi_class="multinomial", tol=1e-10,
                                                          max_iter=100000)),
    ("binomial C=2/lambda", lambda: LogisticRegression(C=2 / lam, tol=1e-10, max_iter=100000)),
][: 2 if len(set(y)) == 2 else 1]:
    correct, close = cross_validated(make)
    print(f"{name}: rows {n}, correct {correct}, accuracy {correct / n:.6f}, "
          f"test rows whose two most probable classes are within 2e-4: {close}")
majority = max(np.unique(y, return_counts=True)[1])
print(f"majority class: {majority} of {n} = {majority / n:.6f}")
