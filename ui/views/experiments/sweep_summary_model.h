// SweepSummaryModel: the numbers behind the Experiments chart - one row per (method, epsilon)
// summary of a sweep, for the chosen error metric: trials, median, quartiles, IQR, mean and its
// 95% interval, min and max (veil::eval::SummaryRow). Read-only.
#pragma once

#include "veil/eval/sweep.h"

#include <QAbstractTableModel>

namespace veil::ui {

class SweepSummaryModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        MethodColumn,
        EpsilonColumn,
        TrialsColumn,
        MedianColumn,
        Q1Column,
        Q3Column,
        IqrColumn,
        MeanColumn,
        CiLowerColumn,
        CiUpperColumn,
        MinColumn,
        MaxColumn,
        ColumnCount
    };

    explicit SweepSummaryModel(QObject* parent = nullptr);

    void setResult(const eval::SweepResult& result);
    void setMetric(eval::Metric metric);
    eval::Metric metric() const { return m_metric; }
    const eval::SweepResult& result() const { return m_result; }
    // The number shown in (row, column) as a double (NaN for the text columns).
    double value(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    eval::SweepResult m_result;
    eval::Metric m_metric = eval::Metric::ScaledL1;
};

}  // namespace veil::ui
