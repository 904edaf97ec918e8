// ProjectSession: the open Veil project (.veil) behind the window. It owns the ProjectStore and
// the project's PrivacyLedger, records the document's dataset (path + hash) with its roles and
// types and the views' sections (the Anonymize view's hierarchies and settings), and saves them
// (autosave) whenever they change, so that reopening the project restores the table, its roles,
// its hierarchies and the view that was shown.
#pragma once

#include "veil/common/status.h"

#include <QObject>
#include <QString>

#include <nlohmann/json.hpp>

#include <functional>

#include <memory>

namespace veil::release {
class ProjectStore;
class PrivacyLedger;
}  // namespace veil::release

namespace veil::ui {

class Document;

class ProjectSession final : public QObject {
    Q_OBJECT

public:
    explicit ProjectSession(Document* document, QObject* parent = nullptr);
    ~ProjectSession() override;

    bool isOpen() const { return m_store != nullptr; }
    QString path() const;
    release::ProjectStore* store() const { return m_store.get(); }
    release::PrivacyLedger* ledger() const { return m_ledger.get(); }

    // Creates (or opens) a project file; the current dataset, if any, is recorded in it.
    Status create(const QString& path);
    // Opens an existing project. `datasetPath` receives the recorded dataset file ("" if none) and
    // `state` whether it is unchanged, changed or missing (0, 1, 2).
    Status open(const QString& path, QString* datasetPath, int* state);
    void close();

    // The parts of the project held by the views (ProjectRecovery's sections): how to read them
    // for a save and how to apply them after a load.
    void setSections(std::function<nlohmann::json()> save, std::function<void(const nlohmann::json&)> restore);
    // Saves the document's dataset reference, roles, types and sections (called on every edit:
    // autosave).
    Status saveDocumentState();
    // Applies the roles and types stored for the current dataset to the document (after loading),
    // and its sections once the views have taken the new table (next event loop turn).
    void restoreDocumentState();
    // Points the project's dataset at another file (after it moved or changed).
    Status relinkDataset(const QString& newPath);
    Status saveUiState(const QString& key, const QString& value);
    QString uiState(const QString& key) const;

Q_SIGNALS:
    void projectChanged();
    void saveFailed(const QString& message);

private:
    std::int64_t ensureDataset();
    Document* m_document;
    std::unique_ptr<release::ProjectStore> m_store;
    std::unique_ptr<release::PrivacyLedger> m_ledger;
    std::int64_t m_datasetId = 0;
    bool m_restoring = false;
    std::function<nlohmann::json()> m_saveSections;
    std::function<void(const nlohmann::json&)> m_restoreSections;
};

}  // namespace veil::ui
