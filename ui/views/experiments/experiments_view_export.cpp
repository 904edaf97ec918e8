// ExperimentsView's exports: the chart as PNG (QWidget::grab) or SVG (QSvgGenerator), the trials as
// core's CSV and the table as CSV, both written atomically (veil/io/atomic_file.h).
#include "views/experiments/experiments_view.h"

#include "workbench/local_path.h"
#include "views/experiments/sweep_summary_model.h"

#include "veil/eval/sweep_output.h"
#include "veil/io/atomic_file.h"

#include <QChartView>
#include <QFile>
#include <QPainter>
#include <QtSvg/QSvgGenerator>

#include <cmath>
#include <sstream>

namespace veil::ui {
namespace {}  // namespace

bool ExperimentsView::exportChart(const QString& path) {
    bool ok = false;
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(m_chartView->size());
        generator.setViewBox(QRect(QPoint(0, 0), m_chartView->size()));
        generator.setTitle(m_result && m_result->isAnonymity() ? tr("Veil: loss and risk against k")
                                                               : tr("Veil: error against epsilon"));
        QPainter painter;
        if (painter.begin(&generator)) {
            m_chartView->render(&painter);
            ok = painter.end();
        }
    } else {
        ok = m_chartView->grab().save(path, "PNG");
    }
    setStatus(ok ? tr("Saved the chart to %1").arg(path) : tr("Could not write %1").arg(path), !ok);
    return ok;
}

bool ExperimentsView::exportTrialsCsv(const QString& path) {
    if (!m_result) {
        setStatus(tr("Nothing to export: run the experiment first."), true);
        return false;
    }
    const auto result = m_result;
    const Status status = writeFileAtomically(localPath(path), [result](std::ostream& out) {
        eval::writeTrialsCsv(out, *result);
        return bool(out);
    });
    const std::size_t rows = result->isAnonymity() ? result->anonymity.size() : result->rows.size();
    setStatus(status.isOk() ? tr("Saved %1 rows to %2").arg(rows).arg(path) : QString::fromStdString(status.message()),
              !status.isOk());
    return status.isOk();
}

bool ExperimentsView::exportSummaryCsv(const QString& path) {
    if (!m_result) {
        setStatus(tr("Nothing to export: run the experiment first."), true);
        return false;
    }
    std::ostringstream out;
    out.precision(17);
    if (m_result->isAnonymity()) {
        // Deterministic: the table is the rows themselves (one per method and k, every measure).
        eval::writeTrialsCsv(out, *m_result);
        const Status status = writeFileAtomically(localPath(path), out.str());
        setStatus(status.isOk() ? tr("Saved the table to %1").arg(path) : QString::fromStdString(status.message()),
                  !status.isOk());
        return status.isOk();
    }
    out << "method,label,epsilon,metric,n,median,q1,q3,iqr,mean,ci_lower,ci_upper,min,max\n";
    const auto metric = m_model->metric();
    for (const auto& row : m_result->summaries) {
        const auto& spec = m_result->methods[row.method];
        const auto& s = row[metric];
        auto quoted = [](const std::string& t) {
            if (t.find_first_of(",\"\n") == std::string::npos) return t;
            std::string q = "\"";
            for (char c : t) q += c == '"' ? std::string("\"\"") : std::string(1, c);
            return q + "\"";
        };
        out << quoted(spec.id) << ',' << quoted(spec.label) << ',' << row.epsilon << ',' << eval::metricName(metric)
            << ',' << s.n << ',' << s.median << ',' << s.q1 << ',' << s.q3 << ',' << s.iqr << ',' << s.mean << ',';
        if (!std::isnan(s.ciLower))
            out << s.ciLower << ',' << s.ciUpper;  // undefined for one trial: empty
        else
            out << ',';
        out << ',' << s.min << ',' << s.max << '\n';
    }
    const Status status = writeFileAtomically(localPath(path), out.str());
    setStatus(status.isOk() ? tr("Saved the table to %1").arg(path) : QString::fromStdString(status.message()),
              !status.isOk());
    return status.isOk();
}

}  // namespace veil::ui
