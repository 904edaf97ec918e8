// Autosave and crash recovery of the project, offscreen: edits write a recovery file (debounced)
// that holds the data file reference, roles, types, hierarchies and settings and no table values;
// a file left by a window that did not close cleanly is offered back on the next start and Restore
// brings everything back exactly; Discard removes it, Later keeps it; a live window's file is never
// offered; a clean state or close removes the file. File > Open Recent lists projects.
#include "ui_test_support.h"
#include "document/document.h"
#include "document/project_recovery.h"
#include "document/recent_files.h"
#include "jobs/table_loader.h"
#include "main_window.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "views/anonymization/settings_json.h"
#include "views/release/project_session.h"
#include "views/release/release_actions.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace veil;
using veil::ui::MainWindow;
using veil::ui::ProjectRecovery;

namespace {

const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kTimeoutMs = 60000;

bool openAdult(MainWindow& window) {
    QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
    window.openFile(kAdult);
    return loaded.wait(kTimeoutMs) || loaded.count() == 1;
}

int columnNamed(const Table& table, const char* name) {
    auto index = table.columnIndex(name);
    return index.isOk() ? int(*index) : -1;
}

ui::AnonymizationState* anonymizationState(MainWindow& window) {
    auto* view = window.findChild<ui::AnonymizationView*>();
    return view ? view->state() : nullptr;
}

// Clicks `button` of the recovery question once it is shown; `asked` tells whether it was.
void answerRecovery(MainWindow& window, bool& asked, const char* button) {
    asked = false;
    QTimer::singleShot(0, &window, [&asked, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box && box->objectName() == QStringLiteral("recoveryBox"));
        QVERIFY2(box->text().startsWith(QStringLiteral("Restore the unsaved project from ")), qPrintable(box->text()));
        asked = true;
        ui_test::saveScreenshot(*box, QStringLiteral("recovery-question.png"));
        box->findChild<QAbstractButton*>(QString::fromLatin1(button))->click();
    });
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const std::vector<std::vector<std::string>> kSexRows = {{"Male", "person"}, {"Female", "person"}};
const std::vector<std::vector<std::string>> kAgeRows = {{"39", "30-39", "*"}, {"50", "50-59", "*"}};

}  // namespace

class TestProjectRecovery : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void restoresAfterUncleanExit();
    void discardAndLater();
    void liveWindowIsNotOffered();
    void cleanStateAndCloseRemoveTheFile();
    void recentProjects();
    void projectKeepsHierarchiesAndSettings();
    void settingsWithWrongTypesKeepDefaults();
    void damagedFilesDoNotCrash();
    void damagedSectionIsReported();

private:
    QString crashedCopy() const { return QDir(m_dir.path()).filePath(QStringLiteral("session-1-999999.json")); }
    QTemporaryDir m_dir;
    QTemporaryDir m_work;
};

void TestProjectRecovery::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("VeilTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_project_recovery"));
    QVERIFY(m_dir.isValid());
    QVERIFY(m_work.isValid());
    qputenv("VEIL_RECOVERY_DIR", QFile::encodeName(m_dir.path()));
}

void TestProjectRecovery::init() {
    QSettings().clear();
    for (const QString& f : QDir(m_dir.path()).entryList(QDir::Files)) QFile::remove(m_dir.filePath(f));
}

void TestProjectRecovery::restoresAfterUncleanExit() {
    QCOMPARE(ProjectRecovery::directory(), m_dir.path());
    nlohmann::json expectedRoles, expectedTypes;
    {
        MainWindow window;
        window.show();
        QVERIFY(openAdult(window));
        ui::Document* doc = window.document();
        const int age = columnNamed(doc->table(), "age"), sex = columnNamed(doc->table(), "sex");
        const int occupation = columnNamed(doc->table(), "occupation");
        QVERIFY(age >= 0 && sex >= 0 && occupation >= 0);
        QVERIFY(!QFile::exists(window.recovery()->filePath()));  // nothing unsaved yet
        doc->setColumnRole(age, AttributeRole::QuasiIdentifier);
        doc->setColumnRole(sex, AttributeRole::QuasiIdentifier);
        doc->setColumnRole(occupation, AttributeRole::Sensitive);
        doc->setColumnType(age, ColumnType::Real);
        ui::AnonymizationState* state = anonymizationState(window);
        QVERIFY(state);
        ui::AnonymizationSettings s = state->settings();
        s.k = 7;
        s.suppressionLimit = 0.02;
        s.metric = anonymity::MetricKind::Discernibility;
        s.lDiversityEnabled = true;
        s.lDiversity.variant = anonymity::LDiversityVariant::Recursive;
        s.lDiversity.l = 3;
        s.lDiversity.c = 1.5;
        s.algorithm = anonymity::Algorithm::Mondrian;
        s.hierarchies["sex"] = *hierarchy::Hierarchy::fromRows("sex", kSexRows);
        s.hierarchies["age"] = *hierarchy::Hierarchy::fromRows("age", kAgeRows);
        s.hierarchySources["sex"] = "/somewhere/sex.csv";
        state->edit(s, QStringLiteral("test settings"));

        // Debounced autosave: written without any save command, shortly after the edits.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(window.recovery()->filePath()), 5000);
        const QByteArray written = readAll(window.recovery()->filePath());
        // The project format's content only: names and settings, no table values.
        for (const char* value : {"Exec-managerial", "State-gov", "United-States", "Never-married"})
            QVERIFY2(!written.contains(value), value);
        for (std::size_t c = 0; c < doc->table().columnCount(); ++c) {
            expectedRoles[doc->table().column(c).name()] = attributeRoleName(doc->table().role(c));
            expectedTypes[doc->table().column(c).name()] = columnTypeName(doc->table().column(c).type());
        }
        // What a crash leaves: the file, with no live window holding its lock.
        QVERIFY(QFile::copy(window.recovery()->filePath(), crashedCopy()));
        window.hide();  // destroyed without a close: its own file goes, the copy stays
    }
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("*.json")}, QDir::Files),
             QStringList{QStringLiteral("session-1-999999.json")});

    MainWindow again;
    again.show();
    QSignalSpy restored(again.recovery(), &ProjectRecovery::restored);
    bool asked = false;
    answerRecovery(again, asked, "restore");
    again.offerRecovery();
    QVERIFY(asked);
    QVERIFY(restored.wait(kTimeoutMs) || restored.count() == 1);

    const Table& t = again.document()->table();
    QCOMPARE(again.document()->filePath(), kAdult);
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        const std::string name = t.column(c).name();
        QCOMPARE(QString::fromLatin1(attributeRoleName(t.role(c))),
                 QString::fromStdString(expectedRoles[name].get<std::string>()));
        QCOMPARE(QString::fromLatin1(columnTypeName(t.column(c).type())),
                 QString::fromStdString(expectedTypes[name].get<std::string>()));
    }
    QCOMPARE(t.column(std::size_t(columnNamed(t, "age"))).type(), ColumnType::Real);
    QCOMPARE(t.role(std::size_t(columnNamed(t, "occupation"))), AttributeRole::Sensitive);
    const ui::AnonymizationSettings& r = anonymizationState(again)->settings();
    QCOMPARE(r.k, 7);
    QCOMPARE(r.suppressionLimit, 0.02);
    QCOMPARE(r.metric, anonymity::MetricKind::Discernibility);
    QVERIFY(r.lDiversityEnabled);
    QCOMPARE(r.lDiversity.variant, anonymity::LDiversityVariant::Recursive);
    QCOMPARE(r.lDiversity.l, 3.0);
    QCOMPARE(r.lDiversity.c, 1.5);
    QVERIFY(!r.tClosenessEnabled);
    QCOMPARE(r.algorithm, anonymity::Algorithm::Mondrian);
    QCOMPARE(int(r.hierarchies.size()), 2);
    QVERIFY(r.hierarchies.at("sex").rows() == kSexRows);
    QVERIFY(r.hierarchies.at("age").rows() == kAgeRows);
    QCOMPARE(QString::fromStdString(r.hierarchySources.at("sex")), QStringLiteral("/somewhere/sex.csv"));
    // The restored project is unsaved (it can be undone and saved), and the crashed file is gone:
    // this window's own file holds the project now.
    QVERIFY(!again.document()->undoStack()->isClean());
    QVERIFY(!QFile::exists(crashedCopy()));
    QVERIFY(QFile::exists(again.recovery()->filePath()));
    ui_test::saveScreenshot(again, QStringLiteral("recovery-restored.png"));
}

// A recovery file written by hand (the format, independently of the writer).
void TestProjectRecovery::discardAndLater() {
    const nlohmann::json json = {{"format", "veil-recovery"},
                                 {"version", 1},
                                 {"saved", "2026-03-01T10:15:00.000Z"},
                                 {"dataset", kAdult.toStdString()},
                                 {"project", ""},
                                 {"roles", {{"age", "quasi-identifier"}}},
                                 {"types", nlohmann::json::object()},
                                 {"sections", nlohmann::json::object()}};
    QFile f(crashedCopy());
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(json.dump()));
    f.close();

    MainWindow window;
    window.show();
    bool asked = false;
    answerRecovery(window, asked, "later");
    window.offerRecovery();
    QVERIFY(asked);
    QVERIFY(QFile::exists(crashedCopy()));  // offered again at the next start
    QVERIFY(window.document()->isEmpty());

    answerRecovery(window, asked, "discard");
    window.offerRecovery();
    QVERIFY(asked);
    QVERIFY(!QFile::exists(crashedCopy()));
    QVERIFY(window.document()->isEmpty());

    // Nothing left: no question at all (a question would block here until the test times out).
    window.offerRecovery();
    QVERIFY(ProjectRecovery::orphans().empty());
}

void TestProjectRecovery::liveWindowIsNotOffered() {
    MainWindow first;
    QVERIFY(openAdult(first));
    first.document()->setColumnRole(columnNamed(first.document()->table(), "age"), AttributeRole::QuasiIdentifier);
    QVERIFY(first.recovery()->writeNow());
    QVERIFY(QFile::exists(first.recovery()->filePath()));
    MainWindow second;
    // The first window is alive (it holds its lock): its file is not a crash's.
    QVERIFY(ProjectRecovery::orphans(second.recovery()->filePath()).empty());
    second.offerRecovery();
    QVERIFY(second.document()->isEmpty());
}

void TestProjectRecovery::cleanStateAndCloseRemoveTheFile() {
    QSettings().setValue(QStringLiteral("autosave/interval"), 1);
    MainWindow window;
    window.show();
    QCOMPARE(window.recovery()->intervalSeconds(), 1);
    QVERIFY(openAdult(window));
    const QString file = window.recovery()->filePath();
    window.document()->setColumnRole(columnNamed(window.document()->table(), "sex"), AttributeRole::QuasiIdentifier);
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(file), 5000);
    window.document()->undoStack()->undo();  // clean again: nothing to recover
    QVERIFY(!QFile::exists(file));
    window.document()->undoStack()->redo();
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(file), 5000);
    // Closing asks about the unsaved roles; Discard closes cleanly and removes the file.
    QTimer::singleShot(0, &window, [] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box);
        box->findChild<QAbstractButton*>(QStringLiteral("discard"))->click();
    });
    QVERIFY(window.close());
    QVERIFY(!QFile::exists(file));
}

void TestProjectRecovery::recentProjects() {
    MainWindow window;
    const QString project = m_work.filePath(QStringLiteral("study.veil"));
    QVERIFY(window.releaseActions()->session()->create(project).isOk());
    QCOMPARE(window.recentFiles()->files().value(0), project);
    bool listed = false;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->toolTip() == project && a->text().contains(QStringLiteral("study.veil"))) listed = true;
    QVERIFY(listed);
    window.releaseActions()->session()->close();
    // Opening it from the list opens the project (not a table).
    QVERIFY(window.releaseActions()->openProject(project));
    QCOMPARE(window.releaseActions()->session()->path(), project);
    QCOMPARE(window.recentFiles()->files().value(0), project);
}

// A .veil project holds the Anonymize view's hierarchies and settings beside roles and types:
// saved as they are edited (no save command), back when the project is opened in a new window.
void TestProjectRecovery::projectKeepsHierarchiesAndSettings() {
    const QString project = m_work.filePath(QStringLiteral("adult-study.veil"));
    {
        MainWindow window;
        QVERIFY(openAdult(window));
        QVERIFY(window.releaseActions()->session()->create(project).isOk());
        ui::Document* doc = window.document();
        doc->setColumnRole(columnNamed(doc->table(), "sex"), AttributeRole::QuasiIdentifier);
        ui::AnonymizationState* state = anonymizationState(window);
        QVERIFY(state);
        ui::AnonymizationSettings s = state->settings();
        s.k = 9;
        s.metric = anonymity::MetricKind::Discernibility;
        s.hierarchies["sex"] = *hierarchy::Hierarchy::fromRows("sex", kSexRows);
        s.hierarchySources["sex"] = "/somewhere/sex.csv";
        state->edit(s, QStringLiteral("test settings"));
        window.hide();
    }
    MainWindow again;
    QSignalSpy loaded(again.loader(), &ui::TableLoader::loaded);
    QVERIFY(again.releaseActions()->openProject(project));
    QVERIFY(loaded.wait(kTimeoutMs) || loaded.count() == 1);
    ui::AnonymizationState* state = anonymizationState(again);
    QVERIFY(state);
    QTRY_COMPARE_WITH_TIMEOUT(state->settings().k, 9, 5000);
    QCOMPARE(state->settings().metric, anonymity::MetricKind::Discernibility);
    QCOMPARE(state->settings().hierarchies.count("sex"), std::size_t(1));
    QCOMPARE(state->settings().hierarchySources.at("sex"), std::string("/somewhere/sex.csv"));
    const Table& t = again.document()->table();
    QCOMPARE(t.role(std::size_t(columnNamed(t, "sex"))), AttributeRole::QuasiIdentifier);
}

// Every entry of the wrong type: the defaults, not a nlohmann::type_error. The values of the right
// type beside them are kept.
void TestProjectRecovery::settingsWithWrongTypesKeepDefaults() {
    const nlohmann::json wrong = {
        {"k", "seven"},
        {"l_diversity", {{"enabled", "yes"}, {"variant", "recursive"}, {"l", "3"}, {"c", {1}}}},
        {"t_closeness", {{"enabled", 1}, {"variant", 1.5}, {"t", "0.1"}}},
        {"suppression_limit", "lots"},
        {"metric", 3},
        {"algorithm", nlohmann::json::array()},
        {"local_recoding", {{"gs_factor", "half"}, {"iterations", true}, {"adaption", {}}}},
        {"local_suppression", 1},
        {"hierarchies", {{"sex", {{"rows", 5}}}, {"age", {{"rows", {{"39", 30}}}}}}},
        {"hierarchy_sources", {{"sex", 4}}}};
    const ui::AnonymizationSettings d;
    for (const nlohmann::json& json : {wrong, nlohmann::json{{"l_diversity", 4},
                                                             {"t_closeness", "x"},
                                                             {"local_recoding", nlohmann::json::array()},
                                                             {"hierarchies", "sex"},
                                                             {"hierarchy_sources", 2}}}) {
        const ui::AnonymizationSettings s = ui::settingsFromJson(json);
        QCOMPARE(s.k, d.k);
        QCOMPARE(s.lDiversityEnabled, d.lDiversityEnabled);
        QCOMPARE(s.lDiversity.variant, d.lDiversity.variant);
        QCOMPARE(s.lDiversity.l, d.lDiversity.l);
        QCOMPARE(s.lDiversity.c, d.lDiversity.c);
        QCOMPARE(s.tClosenessEnabled, d.tClosenessEnabled);
        QCOMPARE(s.tCloseness.variant, d.tCloseness.variant);
        QCOMPARE(s.tCloseness.t, d.tCloseness.t);
        QCOMPARE(s.suppressionLimit, d.suppressionLimit);
        QCOMPARE(s.metric, d.metric);
        QCOMPARE(s.algorithm, d.algorithm);
        QCOMPARE(s.localRecoding.gsFactor, d.localRecoding.gsFactor);
        QCOMPARE(s.localRecoding.iterations, d.localRecoding.iterations);
        QCOMPARE(s.localRecoding.adaptionFactor, d.localRecoding.adaptionFactor);
        QVERIFY(!s.localSuppression);
        QVERIFY(s.hierarchies.empty());
        QVERIFY(s.hierarchySources.empty());
    }
    nlohmann::json mixed = wrong;
    mixed["k"] = 7;
    mixed["l_diversity"]["c"] = 1.5;
    mixed["hierarchies"]["age"] = {{"name", 3}, {"rows", kAgeRows}};  // a bad name: the key
    const ui::AnonymizationSettings s = ui::settingsFromJson(mixed);
    QCOMPARE(s.k, 7);
    QCOMPARE(s.lDiversity.c, 1.5);
    QCOMPARE(s.lDiversity.l, d.lDiversity.l);
    QCOMPARE(int(s.hierarchies.size()), 1);
    QVERIFY(s.hierarchies.at("age").rows() == kAgeRows);
    QCOMPARE(QString::fromStdString(s.hierarchies.at("age").name()), QStringLiteral("age"));
}

// Files a crash (or a hand edit) can leave: not JSON, a format of the wrong type (neither is
// offered), and a recovery file whose entries have the wrong types (offered; restoring it keeps
// what is well-formed and the defaults for the rest). None terminates Veil.
void TestProjectRecovery::damagedFilesDoNotCrash() {
    auto write = [this](const char* name, const QByteArray& bytes) {
        QFile f(m_dir.filePath(QString::fromLatin1(name)));
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    };
    QVERIFY(write("session-2-999998.json", "{\"format\": \"veil-recov"));
    QVERIFY(write("session-3-999997.json", R"({"format": 42, "dataset": 7})"));
    QVERIFY(ProjectRecovery::orphans().empty());
    const nlohmann::json damaged = {{"format", "veil-recovery"},
                                    {"version", 1},
                                    {"saved", 12},
                                    {"dataset", kAdult.toStdString()},
                                    {"project", false},
                                    {"roles", "quasi-identifier"},
                                    {"types", {{"age", 5}}},
                                    {"sections",
                                     {{"anonymization",
                                       {{"k", "seven"},
                                        {"suppression_limit", 0.03},
                                        {"hierarchies", {{"sex", {{"rows", kSexRows}}}, {"age", 1}}}}}}}};
    QVERIFY(write("session-1-999999.json", QByteArray::fromStdString(damaged.dump())));
    QCOMPARE(int(ProjectRecovery::orphans().size()), 1);

    MainWindow window;
    window.show();
    QSignalSpy restored(window.recovery(), &ProjectRecovery::restored);
    bool asked = false;
    answerRecovery(window, asked, "restore");
    window.offerRecovery();
    QVERIFY(asked);
    QVERIFY(restored.wait(kTimeoutMs) || restored.count() == 1);
    QCOMPARE(window.document()->filePath(), kAdult);
    const ui::AnonymizationSettings& r = anonymizationState(window)->settings();
    QCOMPARE(r.k, ui::AnonymizationSettings{}.k);
    QCOMPARE(r.suppressionLimit, 0.03);
    QCOMPARE(int(r.hierarchies.size()), 1);
    QVERIFY(r.hierarchies.at("sex").rows() == kSexRows);
}

// A section that throws on a damaged value is reported, not fatal: "the recovery file is damaged".
void TestProjectRecovery::damagedSectionIsReported() {
    ui::Document document;
    ProjectRecovery recovery(&document, [] { return QString(); });
    recovery.addSection(
        QStringLiteral("strict"), [] { return nlohmann::json::object(); },
        [](const nlohmann::json& json) { (void)json.at("k").get<int>(); });
    QSignalSpy failed(&recovery, &ProjectRecovery::restoreFailed);
    const nlohmann::json good = {{"sections", {{"strict", {{"k", 3}}}}}};
    const nlohmann::json wrongType = {{"sections", {{"strict", {{"k", "three"}}}}}};
    const nlohmann::json notAnObject = {{"sections", {{"strict", 1}}}};
    QVERIFY(recovery.apply(good));
    QCOMPARE(failed.count(), 0);
    QVERIFY(!recovery.apply(wrongType));
    QVERIFY(!recovery.apply(notAnObject));
    QCOMPARE(failed.count(), 2);
    QVERIFY2(failed.at(0).at(0).toString().startsWith(QStringLiteral("The recovery file is damaged")),
             qPrintable(failed.at(0).at(0).toString()));
}

QTEST_MAIN(TestProjectRecovery)
#include "tst_project_recovery.moc"
