// AnonymitySweepModel: the numbers behind the Experiments chart for an anonymity experiment - one
// row per (method, k) of veil::eval::AnonymityRow: whether a solution was found, the method's
// metric and transformation, then every measure (loss, discernibility, AECS, suppressed, risk). The
// chosen measure's column is shown in bold. Read-only.
#pragma once

#include "veil/eval/sweep.h"

#include <QAbstractTableModel>

namespace veil::ui {

class AnonymitySweepModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        MethodColumn,
        KColumn,
        FoundColumn,
        MetricColumn,
        TransformationColumn,
        FirstMeasureColumn,
        ColumnCount = FirstMeasureColumn + int(eval::kAnonymityMeasureCount)
    };

    explicit AnonymitySweepModel(QObject* parent = nullptr);

    void setResult(const eval::SweepResult& result);  // rows of an anonymity result (none otherwise)
    void setMeasure(eval::AnonymityMeasure measure);
    eval::AnonymityMeasure measure() const { return m_measure; }
    static int columnOf(eval::AnonymityMeasure measure) { return FirstMeasureColumn + int(measure); }
    // The number shown in (row, column) as a double (NaN for text columns and undefined values).
    double value(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<eval::AnonymityRow> m_rows;
    std::vector<std::string> m_labels;  // per method
    eval::AnonymityMeasure m_measure = eval::AnonymityMeasure::Loss;
};

}  // namespace veil::ui
