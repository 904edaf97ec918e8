// Helpers shared by the UI suites (offscreen): pictures for docs/images and a combo-box choice made
// the way a user makes it.
#pragma once

#include <QComboBox>
#include <QString>
#include <QTest>
#include <QVariant>
#include <QWidget>

namespace ui_test {

// With VEIL_SCREENSHOT_DIR set (tools/screenshots.sh), saves a picture of `widget` as NAME there.
inline void saveScreenshot(QWidget& widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VEIL_SCREENSHOT_DIR");
    if (!dir.isEmpty()) widget.grab().save(dir + QLatin1Char('/') + name);
}

// Selects the item holding `data` and emits activated(), as a click on it would.
inline void choose(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    QVERIFY2(index >= 0, qPrintable(data.toString()));
    combo->setCurrentIndex(index);
    Q_EMIT combo->activated(index);
}

}  // namespace ui_test
