// Numbers as a reader sees them: rounded for display (6 significant digits), never in exports.
// Core's notes and descriptions carry full precision ("Laplace(130.0000000023283) per bin", the
// snapped scale); the window shows "Laplace(130) per bin" and the bundle keeps the exact value.
#pragma once

#include <QString>

namespace veil::ui {

// `value` with at most `significant` significant digits ("130", "0.230656", "1e-06").
QString displayNumber(double value, int significant = 6);
// `text` with every decimal number that has more than `significant` significant digits rounded
// to that many (integers and short numbers are left as written).
QString roundNumbersInText(const QString& text, int significant = 6);
// A share in [0, 1] as a percentage with `decimals` decimals: displayPercent(0.1234, 1) == "12.3%".
QString displayPercent(double share, int decimals);

}  // namespace veil::ui
