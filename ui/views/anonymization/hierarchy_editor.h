// HierarchyEditor: one generalization hierarchy per column. Pick a column, build its hierarchy
// with a core builder (live preview of every level), edit cells, import/export ARX CSV, and see
// validation inline (inconsistent parents, values the hierarchy does not cover). On big tables the
// preview is computed off the UI thread (hierarchy_preview.h). "Apply" stores
// the hierarchy in the settings as one undo step. When `<table>_hierarchy_<column>.csv` files sit
// beside the open table (the adult sample's ARX hierarchies), a bar offers to load them all.
#pragma once

#include "views/anonymization/hierarchy_preview.h"

#include "veil/hierarchy/hierarchy.h"

#include <QWidget>

#include <map>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;
class QFrame;
template <typename T>
class QFutureWatcher;

namespace veil::ui {

class AnonymizationState;
class Document;
class HierarchyBuilderForm;
class HierarchyModel;

class HierarchyEditor final : public QWidget {
    Q_OBJECT

public:
    HierarchyEditor(AnonymizationState* state, Document* document, QWidget* parent = nullptr);

    // Hierarchy files found beside the open table: column -> path.
    std::map<std::string, QString> bundledHierarchies() const;
    // Loads them (one undo step); returns how many were loaded.
    int loadBundledHierarchies();

    void selectColumn(const QString& name);
    QString currentColumn() const;
    // Builds the preview with the form's parameters.
    void buildPreview();
    // Stores the preview in the settings if it is valid (one undo step); false otherwise.
    bool applyPreview();
    bool importFile(const QString& path);
    bool exportFile(const QString& path) const;

    HierarchyBuilderForm* builderForm() const { return m_form; }
    HierarchyModel* previewModel() const { return m_model; }
    QLabel* validationLabel() const { return m_validation; }
    QListWidget* columnList() const { return m_columns; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refreshColumns();
    void refreshOffer();
    void showCurrentHierarchy();
    void refreshPreview();  // now when visible, else when shown
    void validatePreview();
    // Runs the preview work in place on small tables and on a worker thread on big ones; the
    // outcome of the latest request is shown, older ones are dropped.
    void startPreview(HierarchyPreviewTask task);
    void showOutcome(HierarchyPreviewOutcome outcome);
    DistinctValues cachedDistinct(const std::string& column) const;

    static constexpr std::size_t kPreviewInPlaceRows = 100000;

    AnonymizationState* m_state;
    Document* m_document;
    QListWidget* m_columns;
    HierarchyBuilderForm* m_form;
    HierarchyModel* m_model;
    QTableView* m_preview;
    QLabel* m_validation;
    QLabel* m_source;
    QPushButton* m_apply;
    QFrame* m_offer;
    QLabel* m_offerText;
    std::optional<hierarchy::Hierarchy> m_valid;  // the preview, when valid
    std::map<std::string, DistinctValues> m_distinct;
    QFutureWatcher<HierarchyPreviewOutcome>* m_watcher = nullptr;
    quint64 m_generation = 0;
    bool m_offerDismissed = false;
    bool m_previewPending = false;  // the table changed while the editor was hidden
};

}  // namespace veil::ui
