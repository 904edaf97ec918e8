#!/usr/bin/env bash
# Regenerates the user guide's screenshots (docs/images/*.png) by running Veil offscreen on the
# adult sample, one picture per view. Run after building (tools/run.sh or cmake --build).
set -euo pipefail
cd "$(dirname "$0")/.."
veil=${VEIL:-build/release/app/gui/veil}
[[ -x "$veil" ]] || { echo "screenshots: build Veil first ($veil not found)" >&2; exit 1; }
mkdir -p docs/images
export QT_QPA_PLATFORM=offscreen
for view in data anonymize mechanisms histograms spatial graph experiments ledger; do
  if timeout 120 "$veil" --view "$view" --screenshot "docs/images/$view.png" resources/samples/adult.csv 2>/dev/null; then
    echo "docs/images/$view.png"
  else
    echo "screenshots: $view failed" >&2
  fi
done
