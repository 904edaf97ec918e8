#include "panels/display_number.h"

#include <QRegularExpression>

namespace veil::ui {

QString displayNumber(double value, int significant) { return QString::number(value, 'g', significant); }

QString displayPercent(double share, int decimals) {
    return QString::number(100.0 * share, 'f', decimals) + QLatin1Char('%');
}

QString roundNumbersInText(const QString& text, int significant) {
    // A decimal number with a fraction, optionally in exponent form; not part of a word.
    static const QRegularExpression number(QStringLiteral("(?<![\\w.])-?\\d+\\.\\d+(?:[eE][-+]?\\d+)?(?![\\w.])"));
    QString out;
    qsizetype from = 0;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString digits = m.captured().section(QRegularExpression(QStringLiteral("[eE]")), 0, 0);
        qsizetype count = 0;
        bool leading = true;
        for (QChar c : digits) {
            if (!c.isDigit()) continue;
            if (leading && c == QLatin1Char('0')) continue;
            leading = false;
            ++count;
        }
        out += text.mid(from, m.capturedStart() - from);
        out += count > significant ? displayNumber(m.captured().toDouble(), significant) : m.captured();
        from = m.capturedEnd();
    }
    out += text.mid(from);
    return out;
}

}  // namespace veil::ui
