#include "views/synthesis/domain_table.h"

#include "veil/table/column_summary.h"

#include <QHeaderView>

#include <algorithm>

namespace veil::ui {

namespace {
const QColor kFromData(255, 224, 160);
// On a Lower, Upper or Categories item: the text Fill from data put there.
constexpr int kFilledRole = Qt::UserRole + 1;
// state()'s names of the fields Lower..Categories.
constexpr const char* kStateKeys[] = {"lower", "upper", "bins", "categories"};
}  // namespace

DomainTable::DomainTable(QWidget* parent) : QTableWidget(parent) {
    setColumnCount(FieldCount);
    setHorizontalHeaderLabels(
        {tr("Column"), tr("Type"), tr("Lower"), tr("Upper"), tr("Bins"), tr("Categories (a|b|c)")});
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
    setSelectionMode(QAbstractItemView::SingleSelection);
    setToolTip(
        tr("Check the columns to synthesize and declare each one's public domain: bounds and bins of a "
           "numeric column, the categories of a text column. Values outside are kept as \"other\"."));
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_filling) return;
        if (item->column() != Name) markFromData(item->row(), stillFromData(item->row()));
        Q_EMIT domainsEdited();
    });
}

void DomainTable::setTable(const Table& table) {
    m_filling = true;
    setRowCount(0);
    setRowCount(int(table.columnCount()));
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const int row = int(c);
        const bool numeric = isNumericType(table.column(c).type());
        auto* name = new QTableWidgetItem(QString::fromStdString(table.columnNames()[c]));
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        name->setCheckState(Qt::Unchecked);
        setItem(row, Name, name);
        auto* type = new QTableWidgetItem(numeric ? tr("numeric") : tr("text"));
        type->setFlags(Qt::ItemIsEnabled);
        setItem(row, Type, type);
        const QString texts[] = {numeric ? QString::number(kDefaultLower) : QString(),
                                 numeric ? QString::number(kDefaultUpper) : QString(),
                                 numeric ? QString::number(kDefaultBins) : QString(), QString()};
        for (int f = Lower; f <= Categories; ++f) {
            auto* item = new QTableWidgetItem(texts[f - Lower]);
            const bool editable = numeric ? f != Categories : f == Categories;
            item->setFlags(editable ? Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemIsSelectable : Qt::NoItemFlags);
            setItem(row, f, item);
        }
    }
    resizeColumnsToContents();
    m_filling = false;
}

int DomainTable::rowOf(const QString& column) const {
    for (int r = 0; r < rowCount(); ++r)
        if (item(r, Name)->text() == column) return r;
    return -1;
}

QStringList DomainTable::checkedColumns() const {
    QStringList out;
    for (int r = 0; r < rowCount(); ++r)
        if (item(r, Name)->checkState() == Qt::Checked) out << item(r, Name)->text();
    return out;
}

void DomainTable::setChecked(const QString& column, bool checked) {
    if (int r = rowOf(column); r >= 0) item(r, Name)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void DomainTable::setField(const QString& column, Field field, const QString& text) {
    if (int r = rowOf(column); r >= 0 && field > Type) item(r, field)->setText(text);
}

void DomainTable::markFromData(int row, bool on) {
    if (item(row, Name)->data(Qt::UserRole).toBool() == on) return;
    const bool filling = m_filling;
    m_filling = true;
    item(row, Name)->setData(Qt::UserRole, on);
    for (int f = Name; f < FieldCount; ++f) {
        item(row, f)->setBackground(on ? QBrush(kFromData) : QBrush());
        item(row, f)->setToolTip(on ? tr("Read off the data: not private. Replace with public values (e.g. rounded "
                                         "bounds, a code list) before a real release.")
                                    : QString());
    }
    m_filling = filling;
}

// A row stays read off the data while any field Fill from data set still holds that text: editing
// the bins, or one bound, leaves the other bound the data's extreme.
bool DomainTable::stillFromData(int row) const {
    for (int f : {int(Lower), int(Upper), int(Categories)}) {
        const QVariant filled = item(row, f)->data(kFilledRole);
        if (filled.isValid() && item(row, f)->text() == filled.toString()) return true;
    }
    return false;
}

// Remembers the row's current domain texts as read off the data: the bounds of a numeric column,
// the categories of a text one (the fields its type edits).
void DomainTable::rememberFilled(int row) {
    for (int f : {int(Lower), int(Upper), int(Categories)})
        if (item(row, f)->flags() & Qt::ItemIsEditable) item(row, f)->setData(kFilledRole, item(row, f)->text());
}

void DomainTable::fillFromData(const Table& table) {
    m_filling = true;
    for (int r = 0; r < rowCount(); ++r) {
        if (item(r, Name)->checkState() != Qt::Checked) continue;
        const auto index = table.columnIndex(item(r, Name)->text().toStdString());
        if (!index) continue;
        const Column& column = table.column(*index);
        if (isNumericType(column.type())) {
            const ColumnSummary s = summarizeColumn(table, *index);
            if (!s.minValue || !s.maxValue) continue;
            item(r, Lower)->setText(QString::number(*s.minValue, 'g', 10));
            item(r, Upper)->setText(QString::number(*s.maxValue, 'g', 10));
        } else {
            auto values = column.dictionary();
            std::sort(values.begin(), values.end());
            QStringList list;
            for (const auto& v : values) list << QString::fromStdString(v);
            item(r, Categories)->setText(list.join(QLatin1Char('|')));
        }
        rememberFilled(r);
        markFromData(r, true);
    }
    m_filling = false;
    Q_EMIT domainsEdited();
}

nlohmann::json DomainTable::state() const {
    nlohmann::json out = nlohmann::json::object();
    for (int r = 0; r < rowCount(); ++r) {
        nlohmann::json row = {{"checked", item(r, Name)->checkState() == Qt::Checked},
                              {"from_data", item(r, Name)->data(Qt::UserRole).toBool()}};
        for (int f = Lower; f <= Categories; ++f) {
            row[kStateKeys[f - Lower]] = item(r, f)->text().toStdString();
            const QVariant filled = item(r, f)->data(kFilledRole);
            if (filled.isValid()) row["filled"][kStateKeys[f - Lower]] = filled.toString().toStdString();
        }
        out[item(r, Name)->text().toStdString()] = row;
    }
    return out;
}

void DomainTable::setState(const nlohmann::json& state) {
    if (!state.is_object()) return;
    const bool filling = m_filling;
    m_filling = true;
    for (int r = 0; r < rowCount(); ++r) {
        const auto it = state.find(item(r, Name)->text().toStdString());
        if (it == state.end() || !it->is_object()) continue;
        const nlohmann::json& row = *it;
        if (row.contains("checked") && row["checked"].is_boolean())
            item(r, Name)->setCheckState(row["checked"].get<bool>() ? Qt::Checked : Qt::Unchecked);
        for (int f = Lower; f <= Categories; ++f)
            if (row.contains(kStateKeys[f - Lower]) && row[kStateKeys[f - Lower]].is_string())
                item(r, f)->setText(QString::fromStdString(row[kStateKeys[f - Lower]].get<std::string>()));
        const bool fromData =
            row.contains("from_data") && row["from_data"].is_boolean() && row["from_data"].get<bool>();
        const auto filled = row.find("filled");  // what Fill from data put there, kept with the state
        for (int f = Lower; f <= Categories; ++f) {
            const char* key = kStateKeys[f - Lower];
            const bool has =
                filled != row.end() && filled->is_object() && filled->contains(key) && (*filled)[key].is_string();
            item(r, f)->setData(kFilledRole,
                                has ? QVariant(QString::fromStdString((*filled)[key].get<std::string>())) : QVariant());
        }
        if (fromData && filled == row.end()) rememberFilled(r);  // a state saved before "filled"
        markFromData(r, fromData && stillFromData(r));
    }
    m_filling = filling;
}

QStringList DomainTable::fromDataColumns() const {
    QStringList out;
    for (int r = 0; r < rowCount(); ++r)
        if (item(r, Name)->checkState() == Qt::Checked && item(r, Name)->data(Qt::UserRole).toBool())
            out << item(r, Name)->text();
    return out;
}

Result<nlohmann::json> DomainTable::domainsJson(const Table& table, bool teaching, QStringList* fromData) const {
    nlohmann::json out = nlohmann::json::array();
    for (int r = 0; r < rowCount(); ++r) {
        if (item(r, Name)->checkState() != Qt::Checked) continue;
        const std::string name = item(r, Name)->text().toStdString();
        const auto index = table.columnIndex(name);
        if (!index) return index.status();
        if (item(r, Name)->data(Qt::UserRole).toBool() && fromData) *fromData << item(r, Name)->text();
        if (isNumericType(table.column(*index).type())) {
            bool okLo = false, okHi = false, okBins = false;
            const double lo = item(r, Lower)->text().toDouble(&okLo), hi = item(r, Upper)->text().toDouble(&okHi);
            const int bins = item(r, Bins)->text().toInt(&okBins);
            if (!okLo || !okHi || !okBins || bins < 1)
                return Status::invalidArgument("column '" + name +
                                               "': declare numeric bounds and a positive bin count");
            out.push_back({{"column", name}, {"bounds", {lo, hi}}, {"bins", bins}});
            continue;
        }
        QStringList cats = item(r, Categories)->text().split(QLatin1Char('|'), Qt::SkipEmptyParts);
        std::vector<std::string> list;
        for (const QString& c : cats) list.push_back(c.trimmed().toStdString());
        if (list.empty() && teaching) {
            auto values = table.column(*index).dictionary();
            std::sort(values.begin(), values.end());
            list = values;
            if (fromData) *fromData << item(r, Name)->text();
        }
        if (list.empty())
            return Status::invalidArgument("column '" + name +
                                           "': declare its categories (a|b|c), or use Fill from data (not private)");
        out.push_back({{"column", name}, {"categories", list}});
    }
    if (out.empty()) return Status::invalidArgument("check at least one column to synthesize");
    return out;
}

}  // namespace veil::ui
