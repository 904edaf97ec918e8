// Demo 1: the linkage attack (seed 004, "Tabular Data Example: Linking Attack" and
// "Anonymization through QI attribute generalization"; Sweeney 2002). The de-identified census
// table, or its 2-anonymous generalization, is joined with the public voter list on DOB, Sex and
// ZIP by veil::anonymity::linkageAttack; the re-identified records are highlighted.
#pragma once

#include "views/demos/demo_page.h"

#include "veil/anonymity/attacks.h"
#include "veil/table/table.h"

#include <optional>

class QComboBox;
class QTableWidget;

namespace veil::ui {

class LinkageDemo final : public DemoPage {
    Q_OBJECT

public:
    explicit LinkageDemo(QWidget* parent = nullptr);

    // 0: de-identified table, 1: 2-anonymous generalization.
    void setRelease(int index);
    const Table& releasedTable() const;
    const Table& voters() const { return m_voters; }
    const std::optional<anonymity::LinkageReport>& report() const { return m_report; }
    std::size_t smallestClass() const { return m_smallestClass; }

protected:
    QString doRun() override;

private:
    Table m_census, m_generalized, m_voters;
    QString m_loadError;
    QComboBox* m_release;
    QTableWidget* m_releasedView;
    QTableWidget* m_votersView;
    std::optional<anonymity::LinkageReport> m_report;
    std::size_t m_smallestClass = 0;
};

}  // namespace veil::ui
