#include "panels/epsilon_slider.h"

#include "panels/privacy_value_edit.h"

#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace veil::ui {

EpsilonSlider::EpsilonSlider(QWidget* parent) : QWidget(parent) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("epsilon-slider"));
    m_slider->setRange(0, kSteps);
    m_slider->setToolTip(tr("Privacy loss ε on a log scale from %1 to %2").arg(kMin).arg(kMax));
    m_input = new PrivacyValueEdit(PrivacyValueEdit::Kind::Epsilon, this);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_input);
    layout->setAlignment(m_slider, Qt::AlignTop);
    setEpsilon(1.0);
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        m_epsilon = epsilonAt(position);
        m_input->setValue(m_epsilon);
        Q_EMIT epsilonEdited(m_epsilon);
    });
    // A typed value may lie outside the slider's range: the handle stops at its end.
    connect(m_input, &PrivacyValueEdit::valueEdited, this, [this](double epsilon) {
        setEpsilon(epsilon);
        Q_EMIT epsilonEdited(epsilon);
    });
}

double EpsilonSlider::epsilonAt(int position) {
    const double t = double(std::clamp(position, 0, kSteps)) / kSteps;
    const double raw = kMin * std::pow(kMax / kMin, t);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)) - 2);
    return std::round(raw / magnitude) * magnitude;
}

int EpsilonSlider::positionOf(double epsilon) {
    const double e = std::clamp(epsilon, kMin, kMax);
    return int(std::lround(std::log(e / kMin) / std::log(kMax / kMin) * kSteps));
}

void EpsilonSlider::setEpsilon(double epsilon) {
    m_epsilon = epsilon;
    const QSignalBlocker block(m_slider);
    m_slider->setValue(positionOf(epsilon));
    m_input->setValue(epsilon);
}

}  // namespace veil::ui
