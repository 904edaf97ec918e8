// BudgetModel: per dataset, its total budget (if set), what was spent - the tightest (epsilon,
// delta) the accountant finds, the route that gives it (basic, zCDP, advanced) and the total rho
// when every release has a zCDP description - and what remains; column Used carries the spent
// fraction (0..1, Qt::UserRole) for a progress bar.
#pragma once

#include <QAbstractTableModel>

#include <optional>
#include <string>
#include <vector>

namespace veil::ui {

struct BudgetRow {
    std::string dataset;
    std::optional<double> budgetEpsilon, budgetDelta;
    double spentEpsilon = 0.0, spentDelta = 0.0;
    std::optional<double> spentRho;  // total rho, when every release is pure or zCDP
    std::string route;               // "basic", "zcdp", "advanced"
    int releases = 0;
    std::string rule;  // "basic" / "advanced"
    // Fraction of the epsilon budget spent (0 when no budget is set).
    double usedFraction() const;
};

class BudgetModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Dataset,
        Budget,
        Spent,
        Remaining,
        BudgetDelta,
        SpentDelta,
        SpentRho,
        Route,
        Releases,
        Used,
        ColumnCount
    };
    static constexpr int FractionRole = Qt::UserRole + 1;

    explicit BudgetModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

    void setRows(std::vector<BudgetRow> rows);
    const std::vector<BudgetRow>& rows() const { return m_rows; }
    int rowOf(const std::string& dataset) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<BudgetRow> m_rows;
};

}  // namespace veil::ui
