#!/bin/sh
# Builds and runs convolution-bench (bench/convolution_bench.cpp): our convolution plans against
# the unfused sequence of three public-API steps, medians of alternating rounds, as a Markdown
# table (docs/performance.md, "Convolution"). Arguments go to the program (--quick: two cases).
set -e
BUILD_DIR=${BUILD_DIR:-build}
nice make -C "$BUILD_DIR" convolution-bench >/dev/null
POCL_AFFINITY=${POCL_AFFINITY:-1} exec nice "$BUILD_DIR/bench/convolution-bench" "$@"
