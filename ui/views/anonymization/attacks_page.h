// AttacksPage: attacks on the user's own data, one sub-tab each: linkage, homogeneity and
// composition (two overlapping releases intersected).
#pragma once

#include <QWidget>

class QTabWidget;

namespace veil::ui {

class AnonymizationState;
class CompositionPanel;
class HomogeneityPanel;
class LinkagePanel;

class AttacksPage final : public QWidget {
    Q_OBJECT

public:
    explicit AttacksPage(AnonymizationState* state, QWidget* parent = nullptr);

    LinkagePanel* linkage() const { return m_linkage; }
    HomogeneityPanel* homogeneity() const { return m_homogeneity; }
    CompositionPanel* composition() const { return m_composition; }
    QTabWidget* tabs() const { return m_tabs; }

Q_SIGNALS:
    void runRequested();

private:
    QTabWidget* m_tabs;
    LinkagePanel* m_linkage;
    HomogeneityPanel* m_homogeneity;
    CompositionPanel* m_composition = nullptr;
};

}  // namespace veil::ui
