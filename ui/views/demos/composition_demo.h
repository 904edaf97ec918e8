// Demo 3: two overlapping k-anonymous releases and what their composition reveals (seed 002,
// "Composition": release (a) is 4-anonymous, release (b) 6-anonymous; "Alice is 28 and lives in
// 13012", "Adi is 58"). veil::anonymity::compositionAttack intersects the sensitive values of the
// person's group in each release.
#pragma once

#include "views/demos/demo_page.h"

#include "veil/anonymity/composition.h"
#include "veil/table/table.h"

#include <optional>

class QComboBox;
class QSpinBox;
class QTableWidget;

namespace veil::ui {

class CompositionDemo final : public DemoPage {
    Q_OBJECT

public:
    explicit CompositionDemo(QWidget* parent = nullptr);

    void setAge(int age);
    const Table& releaseA() const { return m_a; }
    const Table& releaseB() const { return m_b; }
    // Class id per record: records with the same (Zip code, Age, Nationality) share one.
    static std::vector<std::uint32_t> classesOf(const Table& table);
    // The first row whose generalized age ("<30", "≥40", "3*", ...) contains `age`, or -1.
    static int rowForAge(const Table& table, int age);
    const std::optional<anonymity::CompositionReport>& report() const { return m_report; }
    int rowA() const { return m_rowA; }
    int rowB() const { return m_rowB; }

protected:
    QString doRun() override;

private:
    Table m_a, m_b;
    QString m_loadError;
    QComboBox* m_person;
    QSpinBox* m_age;
    QTableWidget* m_viewA;
    QTableWidget* m_viewB;
    std::optional<anonymity::CompositionReport> m_report;
    int m_rowA = -1, m_rowB = -1;
};

}  // namespace veil::ui
