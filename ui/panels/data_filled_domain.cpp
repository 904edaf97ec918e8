#include "panels/data_filled_domain.h"

namespace veil::ui {

void DataFilledDomain::record(const QString& key, const QVariant& value) {
    if (value.isNull() || (value.typeId() == QMetaType::QString && value.toString().trimmed().isEmpty())) return;
    QVariantList& values = m_filled[key];
    if (!values.contains(value)) values.append(value);
}

QStringList DataFilledDomain::stillFromData(const QStringList& keys,
                                            const std::function<QVariant(const QString&)>& current) const {
    QStringList out;
    for (const QString& key : keys) {
        const auto it = m_filled.constFind(key);
        if (it != m_filled.constEnd() && it->contains(current(key))) out << key;
    }
    return out;
}

QString DataFilledDomain::refusal(const QStringList& keys,
                                  const std::function<QVariant(const QString&)>& current) const {
    const QStringList left = stillFromData(keys, current);
    if (left.isEmpty()) return {};
    return tr("%1: read off the data in teaching mode, so not public. Declare them (e.g. rounded bounds, a code "
              "list) before a release.")
        .arg(left.join(QStringLiteral(", ")));
}

}  // namespace veil::ui
