#include "views/table_view.h"

#include "document/document.h"
#include "models/attribute_style.h"
#include "models/table_model.h"
#include "views/role_header_view.h"

#include <QActionGroup>
#include <QHeaderView>
#include <QMenu>

#include <algorithm>

namespace veil::ui {

TableView::TableView(Document* document, QWidget* parent) : QTableView(parent), m_document(document) {
    setHorizontalHeader(new RoleHeaderView(this));
    setModel(document->tableModel());
    setAlternatingRowColors(true);
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setWordWrap(false);
    setCornerButtonEnabled(false);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);

    // Large tables: every row the same height, nothing measured per row.
    QHeaderView* rows = verticalHeader();
    rows->setSectionResizeMode(QHeaderView::Fixed);
    rows->setDefaultSectionSize(fontMetrics().height() + 8);
    rows->setMinimumSectionSize(fontMetrics().height() + 4);

    QHeaderView* columns = horizontalHeader();
    columns->setSectionResizeMode(QHeaderView::Interactive);
    columns->setResizeContentsPrecision(200);
    columns->setHighlightSections(true);
    columns->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(columns, &QHeaderView::customContextMenuRequested, this, &TableView::showHeaderMenu);

    connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
        const int column = current.isValid() ? current.column() : -1;
        if (column == m_lastColumn) return;
        m_lastColumn = column;
        Q_EMIT currentColumnChanged(column);
    });
    connect(m_document, &Document::tableReset, this, &TableView::onTableReset);
}

int TableView::currentColumn() const { return currentIndex().isValid() ? currentIndex().column() : -1; }

void TableView::selectColumnAt(int column) {
    if (column < 0 || column >= model()->columnCount() || model()->rowCount() == 0) return;
    setCurrentIndex(model()->index(rowAt(0) >= 0 ? rowAt(0) : 0, column));
}

void TableView::onTableReset() {
    m_lastColumn = -1;
    fitColumns();
    Q_EMIT currentColumnChanged(-1);
}

void TableView::fitColumns() {
    // Header precision limits the rows measured, so this stays cheap at a million rows.
    resizeColumnsToContents();
    QHeaderView* columns = horizontalHeader();
    const int padding = fontMetrics().horizontalAdvance(QLatin1Char('x')) * 2;
    const int maxWidth = fontMetrics().horizontalAdvance(QLatin1Char('x')) * 40;
    for (int c = 0; c < columns->count(); ++c)
        columns->resizeSection(c, std::min(columns->sectionSize(c) + padding, maxWidth));
}

QMenu* TableView::createHeaderMenu(int column, QWidget* parent) {
    auto* menu = new QMenu(parent);
    const Table& table = m_document->table();
    if (column < 0 || column >= int(table.columnCount())) return menu;
    const Column& col = table.column(std::size_t(column));
    const AttributeRole currentRole = table.role(std::size_t(column));

    auto* title = menu->addAction(QString::fromStdString(col.name()));
    title->setEnabled(false);
    menu->addSeparator();

    QMenu* roles = menu->addMenu(tr("&Role"));
    auto* roleGroup = new QActionGroup(roles);
    for (AttributeRole role : kAllRoles) {
        QAction* action = roles->addAction(roleIcon(role), roleLabel(role));
        action->setObjectName(QStringLiteral("role:") + QLatin1String(attributeRoleName(role)));
        action->setToolTip(roleDescription(role));
        action->setCheckable(true);
        action->setChecked(role == currentRole);
        roleGroup->addAction(action);
        connect(action, &QAction::triggered, m_document,
                [document = m_document, column, role] { document->setColumnRole(column, role); });
    }

    QMenu* types = menu->addMenu(tr("&Type"));
    auto* typeGroup = new QActionGroup(types);
    for (ColumnType type : kAllTypes) {
        QAction* action = types->addAction(typeLabel(type));
        action->setObjectName(QStringLiteral("type:") + QLatin1String(columnTypeName(type)));
        action->setCheckable(true);
        action->setChecked(type == col.type());
        typeGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, column, type] {
            const std::size_t unparsed = m_document->setColumnType(column, type);
            if (unparsed > 0)
                Q_EMIT statusMessage(tr("%n value(s) did not parse as %1 and are now missing", nullptr, int(unparsed))
                                         .arg(typeLabel(type).toLower()));
        });
    }
    return menu;
}

void TableView::showHeaderMenu(const QPoint& pos) {
    const int column = horizontalHeader()->logicalIndexAt(pos);
    if (column < 0) return;
    selectColumnAt(column);
    QMenu* menu = createHeaderMenu(column, this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(horizontalHeader()->viewport()->mapToGlobal(pos));
}

}  // namespace veil::ui
