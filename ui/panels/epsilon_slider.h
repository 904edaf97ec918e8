// EpsilonSlider: a logarithmic slider for epsilon over [0.01, 10] with a typed field beside it
// (PrivacyValueEdit: any positive value, a message instead of a silent reset when it is not).
// setEpsilon() only moves the handle and the field; a user drag or a valid typed value emits
// epsilonEdited(). Shared by the Mechanisms and Histograms views.
#pragma once

#include <QWidget>

class QSlider;

namespace veil::ui {

class PrivacyValueEdit;

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
    PrivacyValueEdit* input() const { return m_input; }
    // Slider position <-> epsilon (log scale, rounded to 3 significant digits).
    static double epsilonAt(int position);
    static int positionOf(double epsilon);

Q_SIGNALS:
    void epsilonEdited(double epsilon);

private:
    QSlider* m_slider;
    PrivacyValueEdit* m_input;
    double m_epsilon = 1.0;
};

}  // namespace veil::ui
