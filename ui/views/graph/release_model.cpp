#include "views/graph/release_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>

namespace veil::ui {
namespace {

QString number(double v) {
    if (std::abs(v) < 1e15 && v == std::round(v)) return QString::number(v, 'f', 0);
    return QString::number(v, 'g', 6);
}

}  // namespace

ReleaseModel::ReleaseModel(QObject* parent) : QAbstractTableModel(parent) {}

QString ReleaseModel::seededMark() { return tr("seeded - not for release"); }
QString ReleaseModel::hiddenMark() { return tr("— (teaching mode only)"); }

QString ReleaseModel::quantityName(int quantity) {
    switch (quantity) {
        case ScaleRow:
            return tr("Noise scale b");
        case SensitivityRow:
            return tr("Sensitivity used");
        case TrueRow:
            return tr("True f(G)");
        case ProjectedRow:
            return tr("f(μ(G)) projected");
        case ReleasedRow:
            return tr("Released");
        case ErrorRow:
            return tr("|Released − true|");
        case GuaranteeRow:
            return tr("Guarantee");
        default:
            return {};
    }
}

void ReleaseModel::setEntries(std::vector<Entry> entries, bool seeded) {
    beginResetModel();
    m_entries = std::move(entries);
    m_seeded = seeded;
    endResetModel();
}

void ReleaseModel::clear() {
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

int ReleaseModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || m_entries.empty() ? 0 : QuantityCount;
}
int ReleaseModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_entries.size()) + 1;
}

QVariant ReleaseModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const int q = index.row();
    if (index.column() == 0) {
        if (role == Qt::DisplayRole) return quantityName(q);
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    }
    const Entry& e = m_entries[std::size_t(index.column() - 1)];
    if (!e.result.isOk()) {
        if (q == SensitivityRow && (role == Qt::DisplayRole || role == Qt::ToolTipRole))
            return QString::fromStdString(e.result.status().message());
        if (role == Qt::ForegroundRole && q == SensitivityRow) return QBrush(QColor(0x99, 0x33, 0x00));
        return {};
    }
    const graph::ReleaseResult& r = *e.result;
    const double released = r.releases.empty() ? 0.0 : r.releases.front();
    // Release mode: core sent no truth (and no data-dependent scale); say so instead of showing 0.
    const bool hidden = (r.truthsStripped && (q == TrueRow || q == ProjectedRow || q == ErrorRow)) ||
                        (r.truthsStripped && r.dataDependentScale && (q == ScaleRow || q == SensitivityRow));
    if (hidden) {
        if (role == Qt::DisplayRole) return hiddenMark();
        if (role == Qt::ToolTipRole)
            return tr(
                "Not shown in release mode: it is computed from the graph without noise. Turn on View > "
                "Teaching Mode to see it (nothing is then private).");
        if (role == Qt::ForegroundRole) return QBrush(QColor(0x70, 0x70, 0x70));
        return {};
    }
    if (role == NumberRole) {
        switch (q) {
            case SensitivityRow:
                return r.sensitivity;
            case ScaleRow:
                return r.noiseScale;
            case TrueRow:
                return r.trueValue;
            case ProjectedRow:
                return r.projectedValue;
            case ReleasedRow:
                return released;
            case ErrorRow:
                return std::abs(released - r.trueValue);
            default:
                return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (q) {
            case SensitivityRow:
                return number(r.sensitivity) + QLatin1Char('\n') + QString::fromStdString(r.sensitivityFormula);
            case ScaleRow:
                return number(r.noiseScale);
            case TrueRow:
                return number(r.trueValue);
            case ProjectedRow:
                return r.removedEdges ? tr("%1  (%2 edges removed)").arg(number(r.projectedValue)).arg(r.removedEdges)
                                      : number(r.projectedValue);
            case ReleasedRow:
                return QString::number(released, 'f', 1);
            case ErrorRow:
                return QString::number(std::abs(released - r.trueValue), 'f', 1);
            case GuaranteeRow: {
                QString text = QString::fromStdString(r.guarantee);
                if (r.dEst) text += tr("; d_est = %1").arg(number(*r.dEst));
                if (m_seeded) text += QLatin1Char('\n') + seededMark();
                return text;
            }
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        QString tip = QString::fromStdString(r.sensitivityFormula);
        for (const auto& w : r.warnings) tip += QLatin1Char('\n') + QString::fromStdString(w);
        if (m_seeded) tip += QLatin1Char('\n') + seededMark();
        return tip;
    }
    if (role == Qt::FontRole && (q == ScaleRow || q == ReleasedRow)) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::ForegroundRole && q == GuaranteeRow && m_seeded) return QBrush(QColor(0xb0, 0x00, 0x00));
    return {};
}

QVariant ReleaseModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        if (section == 0) return tr("Method");
        if (section - 1 < int(m_entries.size())) return m_entries[std::size_t(section - 1)].method;
        return {};
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace veil::ui
