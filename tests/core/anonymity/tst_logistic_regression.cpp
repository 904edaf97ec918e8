// Logistic regression of utility analysis: a separable case and a case whose regularized optimum is
// derived in closed form below, and adult's salary class against scikit-learn (run outside the
// build by logistic_regression_reference.py beside this file).
#include "sanitizer_scale.h"
#include "test_support.h"
#include "veil/anonymity/logistic_regression.h"
#include "veil/anonymity/utility_analysis.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace veil::anonymity;

namespace {

double logit(double p) { return std::log(p / (1 - p)); }

// One binary attribute x and a binary class: n[v] rows with x = v, of which yes[v] in class 1.
CategoricalData binaryCase(const int n[2], const int yes[2]) {
    CategoricalData d;
    d.features.resize(1);
    d.cardinality = {2};
    d.classes = 2;
    for (std::uint32_t v = 0; v < 2; ++v)
        for (int i = 0; i < n[v]; ++i) {
            d.features[0].push_back(v);
            d.target.push_back(i < yes[v] ? 1u : 0u);
        }
    return d;
}

// The named columns of `t` as codes (in order of first appearance) and `target` as the class.
CategoricalData categorical(const veil::Table& t, const std::vector<std::string>& features, const std::string& target) {
    CategoricalData data;
    auto codesOf = [&t](const std::string& name, std::size_t& distinct) {
        const auto& column = t.column(*t.columnIndex(name));
        std::map<std::string, std::uint32_t> codes;
        std::vector<std::uint32_t> out;
        std::string scratch;
        for (std::size_t r = 0; r < column.size(); ++r)
            out.push_back(codes.try_emplace(std::string(column.originalText(r, scratch)), std::uint32_t(codes.size()))
                              .first->second);
        distinct = codes.size();
        return out;
    };
    for (const auto& name : features) {
        data.cardinality.emplace_back();
        data.features.push_back(codesOf(name, data.cardinality.back()));
    }
    data.target = codesOf(target, data.classes);
    return data;
}

}  // namespace

class TestLogisticRegression : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // 20 rows alternating a = p (class yes) and a = q (class no); b in {u, v, w} cycles independently
    // of the class. The classes are separated by a alone; by the stationarity conditions derived in
    // closedFormOptimum (balanced classes, so the intercepts agree) the yes-logit of a = p exceeds the
    // no-logit by 4a' > 0 with a' the root of logit(1 - a'/10) = 2a' (about 1.05, P(yes | p) = 0.895),
    // and b's weights stay near 0, so every row is classified right: accuracy 1, in training and in
    // 10-fold cross-validation (each fold's training rows are 9 and 9, the same argument).
    void separable() {
        CategoricalData d;
        d.features.resize(2);
        d.cardinality = {2, 3};
        d.classes = 2;
        for (std::uint32_t r = 0; r < 20; ++r) {
            d.features[0].push_back(r % 2);
            d.features[1].push_back(r % 3);
            d.target.push_back(r % 2 == 0 ? 1u : 0u);
        }
        auto model = LogisticRegression::fit(d, {});
        QVERIFY2(model, model.status().message().c_str());
        QVERIFY(model->converged());
        for (std::size_t r = 0; r < 20; ++r) QCOMPARE(model->predict(d, r), d.target[r]);
        const double pYes = model->probabilities(d, 0)[1];
        QVERIFY2(pYes > 0.85 && pYes < 0.95, std::to_string(pYes).c_str());
        auto accuracy = logisticRegressionAccuracy(d, 10);
        QVERIFY2(accuracy, accuracy.status().message().c_str());
        QCOMPARE(*accuracy, 1.0);
    }

    // One binary attribute x (one-hot: weights w_k0, w_k1 beside intercept b_k of class k), n_v rows
    // with x = v, n_v1 of them in class 1. Setting the gradient of
    //   sum of -log p_{y}(x) + (lambda/2) sum_k (w_k0^2 + w_k1^2)
    // to zero: for b_k, sum_v (n_vk - n_v p_k(v)) = 0; for w_kv, n_vk - n_v p_k(v) = lambda w_kv.
    // Hence sum_v w_kv = 0 and sum_k w_kv = 0, so w_11 = w_00 = a, w_10 = w_01 = -a, and
    //   p_1(1) = (n_11 - lambda a) / n_1,  p_1(0) = (n_01 + lambda a) / n_0,
    //   logit p_1(1) - logit p_1(0) = 4a   (the intercepts cancel).
    // lambda = 0: the empirical frequencies exactly. Otherwise a is the root of the last equation,
    // found here by bisection.
    void closedFormOptimum() {
        const int n[2] = {10, 25}, yes[2] = {3, 20};
        const CategoricalData d = binaryCase(n, yes);
        LogisticRegressionOptions unpenalized;
        unpenalized.l2 = 0;
        unpenalized.gradientTolerance = 1e-10;
        auto plain = LogisticRegression::fit(d, {}, unpenalized);
        QVERIFY(plain);
        QVERIFY(plain->converged());
        QVERIFY(std::abs(plain->probabilities(d, 0)[1] - 0.3) < 1e-8);
        QVERIFY(std::abs(plain->probabilities(d, 10)[1] - 0.8) < 1e-8);

        for (double lambda : {1.0, 5.0}) {
            auto gap = [&](double a) {
                return logit((yes[1] - lambda * a) / n[1]) - logit((yes[0] + lambda * a) / n[0]) - 4 * a;
            };
            double lo = 0, hi = 0.9999 * std::min((n[0] - yes[0]) / lambda, yes[1] / lambda);
            for (int i = 0; i < 200; ++i) (gap(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
            const double a = 0.5 * (lo + hi);
            LogisticRegressionOptions options;
            options.l2 = lambda;
            options.gradientTolerance = 1e-10;
            auto model = LogisticRegression::fit(d, {}, options);
            QVERIFY(model);
            QVERIFY(model->converged());
            // The mean gradient below 1e-10 bounds each probability's error by about 1e-10 * 35 / 10.
            QVERIFY(std::abs(model->probabilities(d, 0)[1] - (yes[0] + lambda * a) / n[0]) < 1e-8);
            QVERIFY(std::abs(model->probabilities(d, 10)[1] - (yes[1] - lambda * a) / n[1]) < 1e-8);
            QVERIFY(std::abs(model->weight(1, 2) - a) < 1e-7);  // w_11
            QVERIFY(std::abs(model->weight(0, 1) - a) < 1e-7);  // w_00
            QVERIFY(std::abs(model->weight(1, 1) + a) < 1e-7);  // w_10
        }
    }

    // 600 values of one attribute, 2 classes: 1202 weights, beyond Newton's limit, so L-BFGS fits.
    // Unpenalized, the model is saturated and the optimum is each value's class frequency (the
    // stationarity conditions of closedFormOptimum with lambda = 0): value v has 4 rows, v mod 3 + 1 of
    // them in class 1, so P(1 | v) = (v mod 3 + 1) / 4.
    void manyValuesByLbfgs() {
        CategoricalData d;
        d.features.resize(1);
        d.cardinality = {600};
        d.classes = 2;
        for (std::uint32_t v = 0; v < 600; ++v)
            for (std::uint32_t i = 0; i < 4; ++i) {
                d.features[0].push_back(v);
                d.target.push_back(i < v % 3 + 1 ? 1u : 0u);
            }
        LogisticRegressionOptions options;
        options.l2 = 0;
        options.gradientTolerance = 1e-9;
        options.objectiveTolerance = 0;
        auto model = LogisticRegression::fit(d, {}, options);
        QVERIFY(model);
        QVERIFY(model->converged());
        QVERIFY(model->iterations() > 1);
        // A mean gradient below 1e-9 leaves each value's probability within 1e-9 * 2400 / 4.
        for (std::uint32_t v = 0; v < 600; v += 37)
            QVERIFY(std::abs(model->probabilities(d, 4 * v)[1] - (v % 3 + 1) / 4.0) < 1e-6);
    }

    // Adult, salary-class from the 8 other attributes, 10 interleaved folds, lambda = 1.
    // logistic_regression_reference.py (scikit-learn 1.2.1, multinomial and binomial forms of the
    // same objective, tol 1e-10) printed: correct 25110 of 30162 (0.832504), majority 22654; 6 test
    // rows had a probability within 1e-4 of 1/2, i.e. could flip between two optimizers that stop at
    // slightly different points. So the count must be 25110 +- 6.
    void adultAgainstScikitLearn() {
        VEIL_RELEASE_ONLY("the whole of adult; closedFormOptimum and separable take Newton's path");
        const veil::Table adult = testsupport::readTable(std::string(VEIL_SAMPLES_DIR) + "/adult.csv");
        const std::vector<std::string> features = {
            "sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation"};
        auto acc = classificationAccuracy(adult, adult, features, "salary-class", Classifier::LogisticRegression);
        QVERIFY2(acc, acc.status().message().c_str());
        QCOMPARE(acc->model, Classifier::LogisticRegression);
        const double n = 30162;
        qInfo("logistic regression on adult: %.6f (%.0f correct)", acc->original, acc->original * n);
        QVERIFY2(std::abs(acc->original * n - 25110) <= 6, std::to_string(acc->original * n).c_str());
        QCOMPARE(acc->released, acc->original);  // the same table on both sides
        QCOMPARE(acc->zeroR, 22654 / n);
        // Newton's method on the whole table: 2 x 165 weights, converged in a few steps.
        const CategoricalData data = categorical(adult, features, "salary-class");
        auto full = LogisticRegression::fit(data, {});
        QVERIFY(full);
        QVERIFY(full->converged());
        QVERIFY2(full->iterations() < 30, std::to_string(full->iterations()).c_str());
        QCOMPARE(full->dimensions(), std::size_t(165));  // 1 + 2 + 72 + 5 + 7 + 16 + 41 + 7 + 14 values
        auto nb = classificationAccuracy(adult, adult, features, "salary-class");
        QVERIFY(nb);
        QCOMPARE(nb->model, Classifier::NaiveBayes);
    }

    // Occupation (14 classes) from 7 attributes (native-country left out) by 3 interleaved folds:
    // 14 x 112 weights, so L-BFGS. The reference script
    // (multinomial, C = 1, tol 1e-10; `logistic_regression_reference.py adult.csv occupation 3
    // sex,age,race,marital-status,education,workclass,salary-class`) printed 9987 of 30162 correct
    // (0.331112), majority 4038, and 28 test rows whose two most probable classes were within 2e-4 of
    // each other: the count must be 9987 +- 28.
    void adultOccupationByLbfgs() {
        VEIL_RELEASE_ONLY("the whole of adult; manyValuesByLbfgs takes the L-BFGS path");
        const veil::Table adult = testsupport::readTable(std::string(VEIL_SAMPLES_DIR) + "/adult.csv");
        const std::vector<std::string> features = {"sex",       "age",       "race",        "marital-status",
                                                   "education", "workclass", "salary-class"};
        const CategoricalData data = categorical(adult, features, "occupation");
        QCOMPARE(data.classes, std::size_t(14));
        auto accuracy = logisticRegressionAccuracy(data, 3);
        QVERIFY2(accuracy, accuracy.status().message().c_str());
        const double correct = *accuracy * 30162;
        qInfo("logistic regression, occupation: %.6f (%.0f correct)", *accuracy, correct);
        QVERIFY2(std::abs(correct - 9987) <= 28, std::to_string(correct).c_str());
    }

    void refusesBadData() {
        CategoricalData d;
        d.features = {{0, 1, 2}};
        d.cardinality = {2};  // code 2 is beyond it
        d.target = {0, 1, 0};
        d.classes = 2;
        QVERIFY(!LogisticRegression::fit(d, {}));
        d.cardinality = {3};
        LogisticRegressionOptions negative;
        negative.l2 = -1;
        QVERIFY(!LogisticRegression::fit(d, {}, negative));
        QVERIFY(LogisticRegression::fit(d, {}));
        QVERIFY(classifierFromName("logistic") == Classifier::LogisticRegression);
        QVERIFY(classifierFromName("naive-bayes") == Classifier::NaiveBayes);
        QVERIFY(!classifierFromName("svm"));
    }
};

QTEST_APPLESS_MAIN(TestLogisticRegression)
#include "tst_logistic_regression.moc"
