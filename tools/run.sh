#!/usr/bin/env bash
# Installs what is missing, builds Veil (Release) and starts it on the bundled adult sample.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
# Let ccache reuse objects across clones of the tree (paths are made relative to it).
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
cmake --preset release -DVEIL_BUILD_TESTS=OFF >/dev/null
cmake --build --preset release --target veil veil-cli
exec build/release/app/gui/veil "${@:-resources/samples/adult.csv}"
