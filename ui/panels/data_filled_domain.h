// DataFilledDomain: the domain fields (bounds, categories) a view filled in from the data, with the
// values it put there. A release outside teaching mode is refused while any of them still holds
// that value: a domain read off the data is not public (an extreme value, or a category, can be one
// person's). A field is declared once it holds another value; typing back a value read off the data
// leaves it the data's. Shared by Histograms, Mechanisms and randomized response, hence in panels/
// (veil_ui_base).
#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <functional>

namespace veil::ui {

class DataFilledDomain {
    Q_DECLARE_TR_FUNCTIONS(DataFilledDomain)

public:
    // `key` (a parameter's name) was just set to `value` from the data. Every value read off the
    // data is kept (undo can bring back an earlier one); an empty value is no domain.
    void record(const QString& key, const QVariant& value);
    void clear() { m_filled.clear(); }
    // The keys among `keys` whose current value is still the one read off the data.
    QStringList stillFromData(const QStringList& keys, const std::function<QVariant(const QString&)>& current) const;
    // Why a release must wait ("lower, upper: read off the data ..."), empty when none of `keys` is.
    QString refusal(const QStringList& keys, const std::function<QVariant(const QString&)>& current) const;

private:
    QHash<QString, QVariantList> m_filled;
};

}  // namespace veil::ui
