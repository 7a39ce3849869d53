#!/usr/bin/env bash
# The layout property test on a sample chosen by the commit (issue 55): every landing draws other
# layouts. The seed is printed with the line that replays a failing case.
# Usage: rotating.sh TEST_LAYOUTS_BINARY SOURCE_DIR   (LAYOUT_SEED / LAYOUT_CASES override)
set -euo pipefail
bin=$1
src=$2
if [ -z "${LAYOUT_SEED:-}" ]; then
  if head=$(git -C "$src" rev-parse HEAD 2>/dev/null); then
    LAYOUT_SEED=$((16#${head:0:8}))
    echo "test_layouts_rotating: seed $LAYOUT_SEED from commit ${head:0:12}"
  else
    LAYOUT_SEED=1
    echo "test_layouts_rotating: not a git checkout; fixed seed $LAYOUT_SEED"
  fi
fi
export LAYOUT_SEED
export LAYOUT_CASES=${LAYOUT_CASES:-160}
echo "test_layouts_rotating: replay with LAYOUT_SEED=$LAYOUT_SEED LAYOUT_CASES=$LAYOUT_CASES ctest -R test_layouts_rotating"
exec "$bin" --log_level=test_suite --report_level=short --run_test=random_layout
