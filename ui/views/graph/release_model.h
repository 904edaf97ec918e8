// ReleaseModel: the releases of one statistic by several methods side by side (seed 001's point:
// global vs restricted sensitivity). One column per method (after the quantity names); rows: the
// sensitivity used (with formula), noise scale b, true value f(G), projected value f(mu(G)), the
// released value, its error, and the guarantee. Seeded runs say "seeded - not for release". In
// release mode the true and projected values, the error and any data-dependent scale are shown as
// hiddenMark(): core never sent them.
#pragma once

#include "veil/common/status.h"
#include "veil/graph/mechanisms.h"

#include <QAbstractTableModel>

#include <vector>

namespace veil::ui {

class ReleaseModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Quantity {
        ScaleRow,
        SensitivityRow,
        TrueRow,
        ProjectedRow,
        ReleasedRow,
        ErrorRow,
        GuaranteeRow,
        QuantityCount
    };
    static constexpr int NumberRole = Qt::UserRole + 1;

    struct Entry {
        QString method;  // "edge / restricted"
        Result<graph::ReleaseResult> result;
    };

    explicit ReleaseModel(QObject* parent = nullptr);

    void setEntries(std::vector<Entry> entries, bool seeded);
    void clear();
    bool isSeeded() const { return m_seeded; }
    const std::vector<Entry>& entries() const { return m_entries; }
    // The cell of method `entry` (0-based, in entries() order) and `quantity`.
    QModelIndex cell(int entry, Quantity quantity) const { return index(int(quantity), entry + 1); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString seededMark();
    static QString hiddenMark();
    static QString quantityName(int quantity);

private:
    std::vector<Entry> m_entries;
    bool m_seeded = false;
};

}  // namespace veil::ui
