#include "panels/privacy_value_edit.h"

#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QVBoxLayout>

#include <cmath>

namespace veil::ui {

PrivacyValueEdit::PrivacyValueEdit(Kind kind, QWidget* parent) : QWidget(parent), m_kind(kind) {
    const bool epsilon = kind == Kind::Epsilon;
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(epsilon ? QStringLiteral("epsilon-input") : QStringLiteral("delta-input"));
    m_edit->setToolTip(epsilon ? tr("Privacy loss ε: type any positive number (smaller is more private)")
                               : tr("δ: the probability that the ε guarantee fails; 0 for pure ε-DP, otherwise "
                                    "below 1/n (e.g. 1e-6)"));
    m_edit->setMinimumWidth(m_edit->fontMetrics().horizontalAdvance(QStringLiteral("0.0000001")) + 12);
    m_message = new QLabel(this);
    m_message->setObjectName(epsilon ? QStringLiteral("epsilon-message") : QStringLiteral("delta-message"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020"));
    m_message->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_edit);
    layout->addWidget(m_message);
    connect(m_edit, &QLineEdit::editingFinished, this, &PrivacyValueEdit::commit);
    setValue(epsilon ? 1.0 : 0.0);
}

QString PrivacyValueEdit::format(double value) { return QString::number(value, 'g', 6); }

QString PrivacyValueEdit::validate(Kind kind, const QString& text, double* out) {
    bool ok = false;
    QString t = text.trimmed();
    t.replace(QChar(0x2212), QLatin1Char('-'));  // a typed minus sign
    double v = t.toDouble(&ok);
    if (!ok) v = QLocale().toDouble(t, &ok);
    if (t.isEmpty() || !ok || !std::isfinite(v))
        return kind == Kind::Epsilon ? tr("ε must be a number, e.g. 0.5 (got \"%1\")").arg(text)
                                     : tr("δ must be a number, e.g. 1e-6 (got \"%1\")").arg(text);
    if (kind == Kind::Epsilon && v <= 0.0)
        return tr("ε must be greater than 0 (got %1): ε = 0 would release nothing useful").arg(format(v));
    if (kind == Kind::Delta && (v < 0.0 || v >= 1.0))
        return tr("δ must be at least 0 and below 1 (got %1)").arg(format(v));
    if (out) *out = v;
    return {};
}

QString PrivacyValueEdit::message() const { return m_message->isVisible() ? m_message->text() : QString(); }

void PrivacyValueEdit::setValue(double value) {
    m_value = value;
    m_edit->setText(format(value));
    m_message->clear();
    m_message->setVisible(false);
}

void PrivacyValueEdit::commit() {
    double v = 0.0;
    const QString why = validate(m_kind, m_edit->text(), &v);
    m_message->setText(why);
    m_message->setVisible(!why.isEmpty());
    if (!why.isEmpty() || v == m_value) return;  // the typed text stays, with the reason beside it
    m_value = v;
    Q_EMIT valueEdited(v);
}

}  // namespace veil::ui
