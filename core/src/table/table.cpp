#include "veil/table/table.h"

#include <algorithm>

namespace veil {

Table::Table(std::vector<std::shared_ptr<const Column>> columns, std::vector<AttributeRole> roles)
    : m_columns(std::move(columns)), m_roles(std::move(roles)) {
    m_roles.resize(m_columns.size(), AttributeRole::Insensitive);
    m_rows = m_columns.empty() ? 0 : m_columns.front()->size();
    for (const auto& c : m_columns) m_rows = std::min(m_rows, c->size());
}

Result<std::size_t> Table::columnIndex(const std::string& name) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i]->name() == name) return i;
    std::string known;
    for (const auto& c : m_columns) {  // a name holding a comma quoted, as the CLI's lists take it
        const std::string& n = c->name();
        known += (known.empty() ? "" : ", ") + (n.find(',') == std::string::npos ? n : "\"" + n + "\"");
    }
    return Status::notFound("unknown column '" + name + "' (columns: " + known + ")");
}

std::vector<std::string> Table::columnNames() const {
    std::vector<std::string> names;
    names.reserve(m_columns.size());
    for (const auto& c : m_columns) names.push_back(c->name());
    return names;
}

std::vector<std::size_t> Table::columnsWithRole(AttributeRole role) const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m_roles.size(); ++i)
        if (m_roles[i] == role) out.push_back(i);
    return out;
}

Table Table::withRole(std::size_t index, AttributeRole role) const {
    Table t = *this;
    t.m_roles.at(index) = role;
    return t;
}

Table Table::withColumn(std::size_t index, std::shared_ptr<const Column> column) const {
    Table t = *this;
    t.m_columns.at(index) = std::move(column);
    return t;
}

Table Table::withColumnType(std::size_t index, ColumnType type, std::size_t* unparsed) const {
    if (m_columns.at(index)->type() == type) {
        if (unparsed) *unparsed = 0;
        return *this;
    }
    return withColumn(index, convertColumn(*m_columns[index], type, unparsed));
}

Table Table::selectRows(const std::vector<std::size_t>& rows) const {
    std::vector<std::shared_ptr<const Column>> cols;
    cols.reserve(m_columns.size());
    for (const auto& c : m_columns) {
        Column::Builder b(c->name(), c->type(), rows.size());
        if (c->type() == ColumnType::Categorical) b.setDictionary(c->dictionary());
        for (std::size_t r : rows) {
            if (c->isMissing(r)) {
                b.appendMissing();
                continue;
            }
            switch (c->type()) {
                case ColumnType::Integer:
                    b.appendInteger(c->integerAt(r));
                    break;
                case ColumnType::Real:
                    b.appendReal(c->realAt(r));
                    break;
                case ColumnType::Date:
                    b.appendDate(c->dateAt(r));
                    break;
                case ColumnType::Categorical:
                    b.appendCode(c->codeAt(r));
                    break;
                case ColumnType::Text:
                    b.appendText(c->textAt(r));
                    break;
            }
        }
        cols.push_back(b.finish());
    }
    return Table(std::move(cols), m_roles);
}

std::size_t Table::memoryBytes() const {
    std::size_t bytes = sizeof(Table);
    for (const auto& c : m_columns) bytes += c->memoryBytes();
    return bytes;
}

}  // namespace veil
