// RecommendationBar: "Recommended for this setting: DAWA — why…" with a "Use it" button, for the
// Histograms and Spatial views. It asks core's recommender (veil/dp/histogram_recommender.h) for
// the view's domain, epsilon and candidates, with a scale N that is public: declared in the bar's
// own field, or a noisy count the view released through its gate (setNoisyScale). The exact N of
// the data is never used.
#pragma once

#include "veil/dp/histogram_recommender.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace veil::ui {

class RecommendationBar final : public QWidget {
    Q_OBJECT

public:
    explicit RecommendationBar(QWidget* parent = nullptr);

    // The setting the recommendation is for (each call recomputes it; O(table rows)).
    void setDomain(int dims, std::size_t rows, std::size_t columns);
    void setEpsilon(double epsilon);
    // The algorithms the view can select (eval method ids: "histogram:dawa", "psd:quad").
    void setCandidates(const std::vector<std::string>& algorithms);
    // A declared (public) N: shown in the bar's field; clears a noisy scale.
    void setDeclaredScale(double n);
    // A noisy count the view released (its receipt says what it spent).
    void setNoisyScale(const dp::ScaleEstimate& scale);
    // Back to the declared N (the data the noisy count was of changed).
    void clearNoisyScale();
    // Shows or hides the "Noisy N" button (a view without data to count hides it).
    void setNoisyScaleAvailable(bool available);

    // The current recommendation's method id ("histogram:dawa"), empty when there is none.
    QString recommended() const { return m_recommended; }
    QString hintText() const;
    QString scaleText() const;
    QPushButton* useButton() const { return m_use; }
    QPushButton* noisyButton() const { return m_noisyButton; }

Q_SIGNALS:
    // "Use it": the view selects this algorithm (eval method id).
    void useRequested(const QString& algorithm);
    // "Noisy N": the view releases a noisy count through its gate and calls setNoisyScale.
    void noisyScaleRequested();

private:
    void update();

    int m_dims = 1;
    std::size_t m_rows = 1, m_columns = 0;
    double m_epsilon = 1.0;
    std::vector<std::string> m_candidates;
    std::optional<dp::ScaleEstimate> m_noisy;
    QString m_recommended;
    QSpinBox* m_scale;
    QComboBox* m_workload;
    QPushButton* m_noisyButton;
    QLabel* m_scaleLabel;
    QLabel* m_hint;
    QPushButton* m_use;
};

}  // namespace veil::ui
