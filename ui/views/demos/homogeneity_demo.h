// Demo 2: k-anonymity, then the homogeneity attack, then l-diversity (seed 004, "Homogeneity
// Attack [Machanavajjhala+ 06]" and "l-Diversity"; seed 002, "Why (not) k-anonymity?"). Two
// 2-anonymous generalizations of the same table: veil::anonymity::assessRisk gives k, and
// veil::anonymity::homogeneityAttack finds the groups with fewer than l distinct salaries.
#pragma once

#include "views/demos/demo_page.h"

#include "veil/anonymity/attacks.h"
#include "veil/table/table.h"

#include <optional>

class QComboBox;
class QSpinBox;
class QTableWidget;

namespace veil::ui {

class HomogeneityDemo final : public DemoPage {
    Q_OBJECT

public:
    explicit HomogeneityDemo(QWidget* parent = nullptr);

    // 0: generalization on DOB ("Not Ok!"), 1: generalization on ZIP ("Ok!").
    void setRelease(int index);
    void setL(int l);
    const Table& releasedTable() const;
    const std::optional<anonymity::HomogeneityReport>& report() const { return m_report; }
    std::size_t k() const { return m_k; }

protected:
    QString doRun() override;

private:
    Table m_original, m_notOk, m_ok;
    QString m_loadError;
    QComboBox* m_release;
    QSpinBox* m_l;
    QTableWidget* m_originalView;
    QTableWidget* m_releasedView;
    std::optional<anonymity::HomogeneityReport> m_report;
    std::size_t m_k = 0;
};

}  // namespace veil::ui
