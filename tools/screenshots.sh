#!/usr/bin/env bash
# Regenerates the user guide's screenshots (docs/images/*.png) by running Veil offscreen on the
# adult sample, one picture per view. Run after building (tools/run.sh or cmake --build).
set -euo pipefail
cd "$(dirname "$0")/.."
veil=${VEIL:-build/release/app/gui/veil}
[[ -x "$veil" ]] || { echo "screenshots: build Veil first ($veil not found)" >&2; exit 1; }
mkdir -p docs/images
export QT_QPA_PLATFORM=offscreen
for view in data anonymize mechanisms histograms synthesize spatial graph experiments ledger; do
  if timeout 120 "$veil" --view "$view" --screenshot "docs/images/$view.png" resources/samples/adult.csv 2>/dev/null; then
    echo "docs/images/$view.png"
  else
    echo "screenshots: $view failed" >&2
  fi
done

# Views after a run: the UI suites save their pictures when VEIL_SCREENSHOT_DIR is set.
build=$(dirname "$(dirname "$(dirname "$veil")")")
shots=$(mktemp -d)
VEIL_SCREENSHOT_DIR="$shots" ctest --test-dir "$build" -L ui >/dev/null || echo "screenshots: some UI suites failed" >&2
copy() {
  if [[ -f "$shots/$1" ]]; then cp "$shots/$1" "docs/images/$2" && echo "docs/images/$2"
  else echo "screenshots: no $1 from the UI suites (docs/images/$2 kept as it was)" >&2; fi
}
copy anon-1-groups.png anonymize-groups.png
copy anon-2-lattice.png anonymize-lattice.png
copy anon-3-mondrian-cuts.png anonymize-mondrian.png
copy anon-lattice-l-diversity.png anonymize-lattice-unvisited.png
copy mechanisms_median_compare.png mechanisms-median.png
copy histograms_nettrace.png histograms-nettrace.png
copy histograms_grid.png histograms-grid.png
copy ledger.png ledger-budget.png
copy spatial_kd-tree_h6.png spatial-kdtree.png
copy spatial_shape_agrid.png spatial-agrid.png
copy graph_fruchterman_reingold.png graph-karate.png
copy graph_release.png graph-release.png
copy experiments-view.png experiments-run.png
copy experiments-k.png experiments-k.png
copy demo-linkage.png demo-linkage.png
rm -rf "$shots"
