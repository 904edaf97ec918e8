// A whole file's bytes, mapped or read into memory: both give the file's exact bytes (a file read
// in several parts too), an empty file gives an empty view, and a missing file or a folder gives a
// message naming it.
#include "veil/io/mapped_file.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

using namespace veil;

namespace {

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& bytes) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// Bytes that differ at every position of a part: a misplaced part cannot read back the same.
std::string patterned(std::size_t n) {
    std::string s(n, '\0');
    for (std::size_t i = 0; i < n; ++i) s[i] = char((i * 2654435761u) >> 13);
    return s;
}

}  // namespace

class TestMappedFile : public QObject {
    Q_OBJECT
private slots:
    void bothGiveTheBytes_data();
    void bothGiveTheBytes();
    void emptyFile();
    void errorsNameTheFile();
};

void TestMappedFile::bothGiveTheBytes_data() {
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<int>("threads");
    QTest::newRow("small") << qulonglong(1000) << 2;
    QTest::newRow("one part") << qulonglong(3u << 20) << 4;
    QTest::newRow("three parts") << qulonglong((13u << 20) + 17) << 3;
    QTest::newRow("one thread") << qulonglong((9u << 20) + 1) << 1;
}

void TestMappedFile::bothGiveTheBytes() {
    QFETCH(qulonglong, bytes);
    QFETCH(int, threads);
    QTemporaryDir dir;
    const std::string content = patterned(bytes);
    const std::string path = writeFile(dir, "f.bin", content);
    auto mapped = MappedFile::open(path);
    QVERIFY(mapped);
    QVERIFY((*mapped)->bytes() == content);
    auto read = MappedFile::read(path, threads);
    QVERIFY(read);
    QCOMPARE((*read)->bytes().size(), content.size());
    QVERIFY((*read)->bytes() == content);
    QCOMPARE((*read)->path(), path);
    (*read)->release((*read)->bytes());  // nothing for a file in memory: the bytes stay
    QVERIFY((*read)->bytes() == content);
}

void TestMappedFile::emptyFile() {
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "empty.csv", "");
    auto mapped = MappedFile::open(path);
    auto read = MappedFile::read(path, 2);
    QVERIFY(mapped && read);
    QVERIFY((*mapped)->bytes().empty());
    QVERIFY((*read)->bytes().empty());
}

void TestMappedFile::errorsNameTheFile() {
    QTemporaryDir dir;
    const std::string missing = dir.filePath("nope.csv").toStdString();
    auto a = MappedFile::read(missing, 2);
    QVERIFY(!a);
    QCOMPARE(QString::fromStdString(a.status().message()), QString::fromStdString(missing + ": no such file"));
    const std::string folder = dir.path().toStdString();
    auto b = MappedFile::read(folder, 2);
    QVERIFY(!b);
    QCOMPARE(QString::fromStdString(b.status().message()),
             QString::fromStdString(folder + ": is a folder, not a file"));
    auto c = MappedFile::open(folder);
    QVERIFY(!c);
    QCOMPARE(c.status().message(), b.status().message());
}

QTEST_APPLESS_MAIN(TestMappedFile)
#include "tst_mapped_file.moc"
