// CompositionPanel: the composition attack of seed 002 on the user's data. The current release
// covers every record; a second release covers an overlapping part (records from an offset on)
// generalized with another anonymous lattice node. Pick a person in the overlap: each release
// alone leaves several sensitive values possible, intersecting the two classes may leave one.
#pragma once

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace veil::ui {

class AnonymizationJob;
class AnonymizationState;
class LatticeLevelNames;
struct AnonymizationRun;

class CompositionPanel final : public QWidget {
    Q_OBJECT

public:
    explicit CompositionPanel(AnonymizationState* state, QWidget* parent = nullptr);

    // Starts the second release (off the UI thread); secondReleased() follows.
    void makeSecondRelease();
    // Shows what intersecting the two releases reveals about original record `row`.
    void showPerson(int row);

    QSpinBox* personSpin() const { return m_person; }
    QComboBox* nodeCombo() const { return m_node; }
    QLabel* resultLabel() const { return m_result; }
    const AnonymizationRun* secondRelease() const { return m_second.get(); }
    int intersectionSize() const { return m_intersection; }

Q_SIGNALS:
    void secondReleased();

private:
    void refreshNodes();
    LatticeLevelNames levelNames() const;  // of the first release's quasi-identifiers

    AnonymizationState* m_state;
    AnonymizationJob* m_job;
    QComboBox* m_node;
    QSpinBox* m_offset;
    QSpinBox* m_person;
    QPushButton* m_make;
    QLabel* m_result;
    std::shared_ptr<const AnonymizationRun> m_first;
    std::shared_ptr<const AnonymizationRun> m_second;
    int m_intersection = -1;
};

}  // namespace veil::ui
