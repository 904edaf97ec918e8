// MarginalHeatMap: a 2-way marginal (shares of rows over the cells of two columns) as a heat map,
// real | synthetic side by side on one colour scale (the real one only in teaching mode).
#pragma once

#include <QStringList>
#include <QWidget>

#include <vector>

namespace veil::ui {

class MarginalHeatMap final : public QWidget {
    Q_OBJECT

public:
    explicit MarginalHeatMap(QWidget* parent = nullptr);
    // Shares laid out [row * columns + column]; `real` empty: the synthetic map only.
    void setMarginals(const QString& title, const QStringList& rowLabels, const QStringList& columnLabels,
                      const std::vector<double>& real, const std::vector<double>& synthetic);
    void clear();
    const std::vector<double>& synthetic() const { return m_synthetic; }
    QSize sizeHint() const override { return {640, 300}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintMap(QPainter& p, const QRectF& area, const std::vector<double>& shares, const QString& caption,
                  double maxShare) const;
    QString m_title;
    QStringList m_rows, m_columns;
    std::vector<double> m_real, m_synthetic;
};

}  // namespace veil::ui
