// PrivacyValueEdit: one typed privacy parameter (epsilon or delta) with its validation message,
// shared by every view that asks for a budget. A typed value is accepted only when it is a finite
// number in the field's range; otherwise the field shows why (and keeps what was typed) instead
// of silently resetting it. setValue() shows a value without emitting; a valid edit emits
// valueEdited().
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace veil::ui {

class PrivacyValueEdit final : public QWidget {
    Q_OBJECT

public:
    enum class Kind { Epsilon, Delta };

    explicit PrivacyValueEdit(Kind kind, QWidget* parent = nullptr);

    double value() const { return m_value; }
    void setValue(double value);
    QLineEdit* lineEdit() const { return m_edit; }
    QLabel* messageLabel() const { return m_message; }
    // The validation message shown under the field ("" when the typed value is valid).
    QString message() const;
    // Why `text` is not a valid value of this kind, or "" when it is (then `*out` is set).
    static QString validate(Kind kind, const QString& text, double* out);
    // The value as typed and shown: up to 6 significant digits.
    static QString format(double value);

Q_SIGNALS:
    void valueEdited(double value);

private:
    void commit();
    Kind m_kind;
    QLineEdit* m_edit;
    QLabel* m_message;
    double m_value = 0.0;
};

}  // namespace veil::ui
