// ProjectRecovery: autosave and crash recovery of the open project. While the document has edits
// that no save holds (its undo stack is not clean), a snapshot of the project — the data file
// reference, the project file (if any), column roles and types, and each registered section (the
// Anonymize view's hierarchies and settings) — is written atomically (QSaveFile) to a recovery
// file: shortly after every edit (debounced) and every N seconds (QSettings "autosave/interval",
// default 60). A clean state or a clean close removes it. Each running window owns one file and
// holds a QLockFile beside it; a file whose lock is free was left by an unclean exit and is offered
// back on the next start. It holds nothing the project format does not (no table values).
// The folder is QStandardPaths::AppDataLocation/recovery, or $VEIL_RECOVERY_DIR when set (tests).
#pragma once

#include <nlohmann/json.hpp>

#include <QDateTime>
#include <QObject>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QLockFile;
class QTimer;

namespace veil::ui {

class Document;

// One recovery file left by an unclean exit.
struct RecoverySnapshot {
    QString file;     // the recovery file
    QDateTime saved;  // when it was written (local time)
    nlohmann::json json;
    QString dataset() const;
    QString project() const;
};

class ProjectRecovery final : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultIntervalSeconds = 60;
    static constexpr int kDebounceMs = 1500;

    // `projectPath` returns the open project file ("" for none).
    ProjectRecovery(Document* document, std::function<QString()> projectPath, QObject* parent = nullptr);
    ~ProjectRecovery() override;

    static QString directory();
    QString filePath() const { return m_file; }
    int intervalSeconds() const;

    // A part of the project held outside the document (e.g. the Anonymize view's settings).
    void addSection(const QString& key, std::function<nlohmann::json()> save,
                    std::function<void(const nlohmann::json&)> restore);

    // The snapshot as it would be written now.
    nlohmann::json snapshot() const;
    // The registered sections' current state, {key: json} (also what a .veil project stores).
    nlohmann::json sections() const;
    // Applies {key: json} to the registered sections (unknown keys ignored). False (and
    // restoreFailed) when a section is damaged: the sections before it stay applied.
    bool applySections(const nlohmann::json& sections);
    // Writes the recovery file now when there are unsaved edits, removes it otherwise. False when
    // the file could not be written.
    bool writeNow();
    // Removes this window's recovery file (a clean save or close).
    void discard();

    // Recovery files of other windows that did not close cleanly (their lock is free), newest first.
    static std::vector<RecoverySnapshot> orphans(const QString& ownFile = {});
    static void removeSnapshot(const RecoverySnapshot& snapshot);
    // Remembers `snapshot` and applies its roles, types and sections once its dataset is the
    // document's table (the caller opens it); the orphan file is removed then.
    void restoreWhenLoaded(const RecoverySnapshot& snapshot);
    // Applies roles, types and sections of `json` to the open table now. False (and restoreFailed)
    // when the file is damaged: what was read before the damage stays applied.
    bool apply(const nlohmann::json& json);

Q_SIGNALS:
    void written(const QString& file);
    void restored();
    // The snapshot could not be restored whole; `message` says so ("The recovery file is damaged…").
    void restoreFailed(const QString& message);

private:
    void applyRolesAndTypes(const nlohmann::json& json);
    void applySectionsUnchecked(const nlohmann::json& sections);  // may throw nlohmann::json::exception
    void onEdited();
    void onTableReset();

    Document* m_document;
    std::function<QString()> m_projectPath;
    QString m_file;
    std::unique_ptr<QLockFile> m_lock;
    QTimer* m_interval;
    QTimer* m_debounce;
    bool m_changed = false;
    std::map<QString, std::pair<std::function<nlohmann::json()>, std::function<void(const nlohmann::json&)>>>
        m_sections;
    std::optional<RecoverySnapshot> m_pending;
};

}  // namespace veil::ui
