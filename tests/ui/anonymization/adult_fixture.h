// Shared by the Anonymize view suites: the adult sample with five quasi-identifiers and
// occupation as the sensitive attribute, and a run of the view that waits for its result.
#pragma once

#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"

#include "veil/table/csv_reader.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

namespace adult_fixture {

inline const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kRunTimeoutMs = 120000;
inline const char* const kQis[] = {"sex", "age", "race", "marital-status", "education"};

// The sample with its roles set; an empty table (and a test failure) when it cannot be read.
inline veil::Table adultWithRoles() {
    auto read = veil::readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    if (!read) {
        QTest::qFail(read.status().message().c_str(), __FILE__, __LINE__);
        return {};
    }
    veil::Table t = read->table;
    for (const char* name : kQis) t = t.withRole(*t.columnIndex(name), veil::AttributeRole::QuasiIdentifier);
    return t.withRole(*t.columnIndex("occupation"), veil::AttributeRole::Sensitive);
}

// Clicks Run and waits for the run to finish (true when it did).
inline bool runAndWait(veil::ui::AnonymizationView& view) {
    QSignalSpy done(view.state(), &veil::ui::AnonymizationState::runChanged);
    QTest::mouseClick(view.runButton(), Qt::LeftButton);
    return done.wait(kRunTimeoutMs) || done.count() == 1;
}

}  // namespace adult_fixture
