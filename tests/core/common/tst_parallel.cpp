// parallelFor and the thread option: 0 asks for every hardware thread and a negative count still
// runs one; every index runs exactly once on any number of threads, and the lowest failing index's
// failure is the one returned.
#include "veil/common/parallel.h"

#include <QtTest>

#include <atomic>
#include <vector>

using namespace veil;

class TestParallel : public QObject {
    Q_OBJECT
private slots:
    void threadsForAnOption() {
        QCOMPARE(threadsFor(0), hardwareThreads());
        QVERIFY(hardwareThreads() >= 1);
        QCOMPARE(threadsFor(3), 3);
        QCOMPARE(threadsFor(1), 1);
        QCOMPARE(threadsFor(-2), 1);
    }
    void everyIndexOnce() {
        for (int threads : {1, 2, 7}) {
            std::vector<std::atomic<int>> seen(1000);
            const Status s = parallelFor(seen.size(), threads, RunContext{}, [&](std::size_t i) {
                seen[i].fetch_add(1);
                return Status::ok();
            });
            QVERIFY(s.isOk());
            for (const auto& n : seen) QCOMPARE(n.load(), 1);
        }
    }
    void lowestFailureWins() {
        // Every index from 10 on fails; on one thread the loop stops at 10.
        const Status s = parallelFor(100, 1, RunContext{}, [](std::size_t i) {
            return i >= 10 ? Status::invalidArgument("index " + std::to_string(i)) : Status::ok();
        });
        QVERIFY(!s.isOk());
        QCOMPARE(QString::fromStdString(s.message()), QString("index 10"));
    }
};

QTEST_APPLESS_MAIN(TestParallel)
#include "tst_parallel.moc"
