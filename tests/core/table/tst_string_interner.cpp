// The CSV reader's interner: hashBytes mixes in every byte of a short key (no two keys of up to 2
// bytes, and no two keys of 3..8 bytes that differ in one byte, share a hash), the interner
// compares keys of at most 16 bytes by their two words without reading their bytes, and it tells
// keys apart and finds them again.
#include "table/detail/string_interner.h"

#include <QtTest/QtTest>

#include <set>
#include <string>
#include <utility>

using namespace veil::detail;

class TestStringInterner : public QObject {
    Q_OBJECT
private slots:
    void shortKeysOfTwoBytesNeverCollide() {
        // Every string of 0, 1 and 2 bytes: 65,793 keys, 65,793 hashes.
        std::set<std::uint64_t> hashes;
        std::size_t keys = 1;
        hashes.insert(hashBytes({}));
        std::string s;
        for (int a = 0; a < 256; ++a) {
            s.assign(1, char(a));
            hashes.insert(hashBytes(s));
            ++keys;
            for (int b = 0; b < 256; ++b) {
                s.assign({char(a), char(b)});
                hashes.insert(hashBytes(s));
                ++keys;
            }
        }
        QCOMPARE(hashes.size(), keys);
    }
    void everyByteOfAShortKeyCounts_data() {
        QTest::addColumn<int>("length");
        for (int n = 3; n <= 8; ++n) QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void everyByteOfAShortKeyCounts() {
        // Changing any one byte of a key of 3..8 bytes to any of its 256 values changes the hash: a
        // byte left out of the mixed word would give 256 equal hashes at its position.
        QFETCH(int, length);
        const std::string base = std::string("20240131").substr(0, std::size_t(length));
        for (int i = 0; i < length; ++i) {
            std::set<std::uint64_t> hashes;
            std::string s = base;
            for (int v = 0; v < 256; ++v) {
                s[std::size_t(i)] = char(v);
                hashes.insert(hashBytes(s));
            }
            QVERIFY2(hashes.size() == 256, qPrintable(QString("byte %1 of %2").arg(i).arg(length)));
        }
    }
    void internerTellsShortAndLongKeysApart() {
        // Keys that differ in one byte, short (compared by their words) and long (compared by bytes).
        std::vector<std::string> keys = {"a",         "b",         "ab",   "ba",       "abc",
                                         "abd",       "1234",      "1235", "12345678", "12345679",
                                         "123456789", "123456788", "",     "White",    "Whitf"};
        StringInterner interner;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            QCOMPARE(interner.find(keys[i]), -1);
            QCOMPARE(interner.add(keys[i]), std::int32_t(i));
        }
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const std::string copy = keys[i];  // other bytes, same text
            QCOMPARE(interner.find(copy), std::int32_t(i));
        }
        QCOMPARE(interner.find("abe"), -1);
        QCOMPARE(interner.find("123456787"), -1);
    }
    void keysDifferingInAnyByteAreTold_data() {
        QTest::addColumn<int>("length");
        for (int n : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 24, 25, 40})
            QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void keysDifferingInAnyByteAreTold() {
        // Keys of 9..16 bytes are compared by their two overlapping words only, longer ones by their
        // bytes too: a key and its copies with one byte changed, at every position, are all told
        // apart and found again (a byte in neither word would make two of them one key).
        QFETCH(int, length);
        const std::string base =
            std::string("Married-civ-spouse, Exec-managerial, United-States").substr(0, std::size_t(length));
        QCOMPARE(base.size(), std::size_t(length));
        std::vector<std::string> keys{base};
        for (int i = 0; i < length; ++i) {
            keys.push_back(base);
            keys.back()[std::size_t(i)] = '#';
        }
        StringInterner interner;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            QCOMPARE(interner.find(keys[i]), -1);
            QCOMPARE(interner.add(keys[i]), std::int32_t(i));
        }
        for (std::size_t i = 0; i < keys.size(); ++i) QCOMPARE(interner.find(std::string(keys[i])), std::int32_t(i));
    }
    void keysInsideALongBufferMatchTheirCopies() {
        // A field inside the file is read with whole-word loads past its end (masked); the same key
        // read byte by byte (a copy with nothing after it) has the same words and hash, and each
        // finds the other's code, whatever follows it in the buffer.
        const std::string buffer =
            "Married-civ-spouse,Exec-managerial,United-States,39,<=50K,Male,"
            "White,Never-married,Adm-clerical,Self-emp-not-inc,13,Bachelors,"
            "Married-civ-spouse,x,,Exec-managerial-and-more-than-16,United";
        std::vector<std::string_view> views;
        for (std::size_t start = 0; start < buffer.size();) {
            const std::size_t end = std::min(buffer.find(',', start), buffer.size());
            views.push_back(std::string_view(buffer).substr(start, end - start));
            start = end + 1;
        }
        StringInterner inFile, copies;
        for (const std::string_view v : views) {
            const auto readable = std::size_t(buffer.data() + buffer.size() - v.data());
            const InternKey fast = InternKey::of(v, readable), slow = InternKey::of(std::string(v));
            QCOMPARE(fast.hash, slow.hash);
            QCOMPARE(fast.w0, slow.w0);
            QCOMPARE(fast.w1, slow.w1);
            std::int32_t code = inFile.find(fast);
            if (code < 0) code = inFile.add(fast, v);
            QCOMPARE(inFile.find(InternKey::of(std::string(v))), code);
            if (copies.find(std::string(v)) < 0) copies.add(v);
        }
        QCOMPARE(inFile.size(), copies.size());
        QCOMPARE(inFile.size(), views.size() - 1);  // "Married-civ-spouse" twice
    }
};

QTEST_APPLESS_MAIN(TestStringInterner)
#include "tst_string_interner.moc"
