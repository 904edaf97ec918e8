// Tests for DPBench shapes: reading .npy / CSV histograms and multinomial point sampling.
#include "veil/spatial/density_shape.h"

#include <QtTest>
#include <QTemporaryDir>

#include <cstring>
#include <fstream>

using namespace veil::spatial;

namespace {
// A NumPy v1.0 file as numpy.save writes it: magic, version, uint16 header length, padded dict.
std::string npyBytes(const std::string& dtype, const std::string& shape, const void* data, std::size_t bytes) {
    std::string header = "{'descr': '" + dtype + "', 'fortran_order': False, 'shape': " + shape + ", }";
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string out("\x93NUMPY\x01\x00", 8);
    out += static_cast<char>(header.size() & 0xFF);
    out += static_cast<char>(header.size() >> 8);
    out += header;
    out.append(static_cast<const char*>(data), bytes);
    return out;
}
void writeFile(const QString& path, const std::string& bytes) {
    std::ofstream f(path.toStdString(), std::ios::binary);
    f << bytes;
}
}  // namespace

class TestDensityShape : public QObject {
    Q_OBJECT
private slots:
    void readsDpbenchCsv();
    void readsNpy();
    void rejectsBadFiles_data();
    void rejectsBadFiles();
    void samplesMultinomially();
};

void TestDensityShape::readsDpbenchCsv() {
    // Totals from tests/data/dpbench/SOURCE.md (SF-CABS-E: scale 464,041, 748 non-zero cells).
    auto s = readDensityShape(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");
    QVERIFY2(s.isOk(), s.status().message().c_str());
    QCOMPARE(s->rows, std::size_t(256));
    QCOMPARE(s->columns, std::size_t(256));
    QCOMPARE(s->total(), 464041.0);
    QCOMPARE(std::count_if(s->counts.begin(), s->counts.end(), [](double v) { return v > 0; }), 748L);
    QCOMPARE(s->domain(), (Rect{0, 0, 256, 256}));
}

void TestDensityShape::readsNpy() {
    QTemporaryDir dir;
    const double f8[6] = {0, 1, 2, 3, 4, 5};
    writeFile(dir.filePath("a.npy"), npyBytes("<f8", "(2, 3)", f8, sizeof f8));
    auto a = readDensityShape(dir.filePath("a.npy").toStdString());
    QVERIFY2(a.isOk(), a.status().message().c_str());
    QCOMPARE(a->rows, std::size_t(2));
    QCOMPARE(a->columns, std::size_t(3));
    QCOMPARE(a->counts[4], 4.0);  // row 1, column 1 in C order
    const std::int64_t i8[4] = {7, 0, 0, 9};
    writeFile(dir.filePath("b.npy"), npyBytes("<i8", "(2, 2)", i8, sizeof i8));
    auto b = readDensityShape(dir.filePath("b.npy").toStdString());
    QVERIFY2(b.isOk(), b.status().message().c_str());
    QCOMPARE(b->total(), 16.0);
}

void TestDensityShape::rejectsBadFiles_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("mentions");
    const double one[3] = {1, 2, 3};
    const double neg[4] = {1, -2, 3, 4};
    const double zero[4] = {0, 0, 0, 0};
    auto qb = [](const std::string& s) { return QByteArray(s.data(), qsizetype(s.size())); };
    QTest::newRow("bad magic") << "x.npy" << QByteArray("NOTNUMPY at all") << "magic";
    QTest::newRow("1-D array") << "x.npy" << qb(npyBytes("<f8", "(3,)", one, sizeof one)) << "2-D";
    QTest::newRow("uint16") << "x.npy" << qb(npyBytes("<u2", "(1, 3)", one, 6)) << "dtype";
    QTest::newRow("truncated data") << "x.npy" << qb(npyBytes("<f8", "(2, 2)", one, sizeof one)) << "fewer";
    QTest::newRow("negative count") << "x.npy" << qb(npyBytes("<f8", "(2, 2)", neg, sizeof neg)) << "non-negative";
    QTest::newRow("all zero") << "x.npy" << qb(npyBytes("<f8", "(2, 2)", zero, sizeof zero)) << "zero";
    QTest::newRow("ragged csv") << "x.csv" << QByteArray("1,2,3\n4,5\n") << "x.csv:2";
    QTest::newRow("text in csv") << "x.csv" << QByteArray("1,2\n3,abc\n") << "x.csv:2:2";
    QTest::newRow("empty csv") << "x.csv" << QByteArray("\n\n") << "no counts";
}

void TestDensityShape::rejectsBadFiles() {
    QFETCH(QString, file);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    writeFile(dir.filePath(file), bytes.toStdString());
    auto s = readDensityShape(dir.filePath(file).toStdString());
    QVERIFY(!s.isOk());
    QVERIFY2(QString::fromStdString(s.status().message()).contains(mentions), s.status().message().c_str());
    QVERIFY(!readDensityShape(dir.filePath("missing.npy").toStdString()).isOk());
}

void TestDensityShape::samplesMultinomially() {
    DensityShape shape;
    shape.rows = 2;
    shape.columns = 2;
    shape.counts = {1, 0, 0, 3};  // cell (1,1) has probability 3/4
    shape.name = "test";
    veil::SeededRandom rng(2024);
    veil::RunContext ctx;
    ctx.random = &rng;
    auto ps = samplePointsFromShape(shape, 40000, ctx);
    QVERIFY2(ps.isOk(), ps.status().message().c_str());
    QCOMPARE(ps->size(), std::size_t(40000));
    QVERIFY(!ps->domainFromData);
    std::size_t inHeavy = 0;
    for (std::size_t i = 0; i < ps->size(); ++i) {
        const double x = ps->x[i], y = ps->y[i];
        QVERIFY(ps->domain.containsPoint(x, y));
        const bool heavy = x >= 1 && y >= 1, light = x < 1 && y < 1;
        QVERIFY2(heavy || light, "no point may fall in a zero-count cell");
        inHeavy += heavy ? 1 : 0;
    }
    // Binomial(40000, 0.75): sd = sqrt(0.75 * 0.25 / 40000) = 0.00217; 5 sd = 0.011.
    QVERIFY(std::abs(double(inHeavy) / 40000.0 - 0.75) < 0.011);
    QVERIFY(!samplePointsFromShape(shape, 10, veil::RunContext{}).isOk());  // no random source
}

QTEST_MAIN(TestDensityShape)
#include "tst_density_shape.moc"
