// DomainTable: the columns of the document's table to synthesize (a check list) with each one's
// declared, public domain: lower and upper bound and bins for a numeric column (default 0, 100 and
// 10: a public choice, never the data's range), categories "a|b|c" for a text column. "Fill from
// data" copies the data's range or values into the checked columns that have none declared, marked
// as read off the data (amber, with the reason in the tooltip) until the steward edits them.
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <nlohmann/json.hpp>

#include <QStringList>
#include <QTableWidget>

namespace veil::ui {

class DomainTable final : public QTableWidget {
    Q_OBJECT

public:
    enum Field { Name, Type, Lower, Upper, Bins, Categories, FieldCount };
    static constexpr double kDefaultLower = 0.0, kDefaultUpper = 100.0;
    static constexpr int kDefaultBins = 10;

    explicit DomainTable(QWidget* parent = nullptr);
    void setTable(const Table& table);
    QStringList checkedColumns() const;
    void setChecked(const QString& column, bool checked);
    // Sets one field's text as a user's edit would (tests, presets).
    void setField(const QString& column, Field field, const QString& text);
    // Fills the checked columns' domains from `table` (range; sorted values), marking them.
    void fillFromData(const Table& table);
    // Checked columns whose domain was read off the data and not edited since.
    QStringList fromDataColumns() const;
    // The checked columns' domains as a "synthetic" plan's "domains". Teaching mode: a text column
    // without categories uses the data's values (listed in `fromData`). Errors: no column checked,
    // a bound or bin count that is not a number, a text column without categories (release mode).
    Result<nlohmann::json> domainsJson(const Table& table, bool teaching, QStringList* fromData) const;
    // The cells as typed, for undo: {column: {"checked", "lower", "upper", "bins", "categories",
    // "from_data"}}; setState writes them back (columns it does not name are left) without
    // domainsEdited.
    nlohmann::json state() const;
    void setState(const nlohmann::json& state);

Q_SIGNALS:
    void domainsEdited();

private:
    bool stillFromData(int row) const;
    void rememberFilled(int row);
    int rowOf(const QString& column) const;
    void markFromData(int row, bool on);
    bool m_filling = false;
};

}  // namespace veil::ui
