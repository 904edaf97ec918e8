// Table: an immutable, typed, columnar table with attribute roles. Columns are shared between
// tables, so "the same table with another role or type" is cheap.
#pragma once

#include "veil/common/status.h"
#include "veil/table/column.h"

#include <memory>
#include <string>
#include <vector>

namespace veil {

class Table {
public:
    Table() = default;
    Table(std::vector<std::shared_ptr<const Column>> columns, std::vector<AttributeRole> roles = {});

    std::size_t rowCount() const { return m_rows; }
    std::size_t columnCount() const { return m_columns.size(); }
    const Column& column(std::size_t index) const { return *m_columns[index]; }
    std::shared_ptr<const Column> columnPtr(std::size_t index) const { return m_columns[index]; }
    AttributeRole role(std::size_t index) const { return m_roles[index]; }
    const std::vector<AttributeRole>& roles() const { return m_roles; }

    // Index of the column with this name, or NotFound naming the columns that exist.
    Result<std::size_t> columnIndex(const std::string& name) const;
    std::vector<std::string> columnNames() const;
    std::vector<std::size_t> columnsWithRole(AttributeRole role) const;

    Table withRole(std::size_t index, AttributeRole role) const;
    Table withColumn(std::size_t index, std::shared_ptr<const Column> column) const;
    // Converts a column to another type from its cells' original text; values that do not parse
    // become missing (their text kept: converting back restores them).
    Table withColumnType(std::size_t index, ColumnType type, std::size_t* unparsed = nullptr) const;
    // A table with the given rows (in that order).
    Table selectRows(const std::vector<std::size_t>& rows) const;

    std::size_t memoryBytes() const;

private:
    std::vector<std::shared_ptr<const Column>> m_columns;
    std::vector<AttributeRole> m_roles;
    std::size_t m_rows = 0;
};

}  // namespace veil
