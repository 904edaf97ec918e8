// EpsilonSlider: a logarithmic slider for epsilon over [0.01, 10] with the value shown beside it.
// setEpsilon() only moves the handle; a user drag emits epsilonEdited().
#pragma once

#include <QWidget>

class QLabel;
class QSlider;

namespace veil::ui {

class EpsilonSlider final : public QWidget {
    Q_OBJECT

public:
    static constexpr double kMin = 0.01;
    static constexpr double kMax = 10.0;
    static constexpr int kSteps = 300;

    explicit EpsilonSlider(QWidget* parent = nullptr);

    double epsilon() const { return m_epsilon; }
    void setEpsilon(double epsilon);
    QSlider* slider() const { return m_slider; }
    // Slider position <-> epsilon (log scale, rounded to 3 significant digits).
    static double epsilonAt(int position);
    static int positionOf(double epsilon);

Q_SIGNALS:
    void epsilonEdited(double epsilon);

private:
    void showValue();
    QSlider* m_slider;
    QLabel* m_label;
    double m_epsilon = 1.0;
};

}  // namespace veil::ui
