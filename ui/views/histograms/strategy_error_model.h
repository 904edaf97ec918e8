// StrategyErrorModel: the range-query error of each histogram strategy (DPBench's scaled average
// per-query error, mean and standard error over the trials) as a table.
#pragma once

#include "veil/dp/histogram_release.h"

#include <QAbstractTableModel>

#include <vector>

namespace veil::ui {

class StrategyErrorModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Strategy, MeanError, StandardError, ColumnCount };

    explicit StrategyErrorModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

    void setErrors(std::vector<dp::StrategyError> errors);
    const std::vector<dp::StrategyError>& errors() const { return m_errors; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<dp::StrategyError> m_errors;
};

}  // namespace veil::ui
