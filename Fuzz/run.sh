#!/usr/bin/env bash
# Builds the libFuzzer target and runs it: Fuzz/run.sh [seconds] [extra libFuzzer flags]
# The corpus starts from the rule examples' models and the example app; crashes land in Fuzz/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
host="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/host"
build=.build/fuzz
mkdir -p "$build" Fuzz/corpus Fuzz/crashes
cp Examples/MovieLibrary/*/*.swift Fuzz/corpus/ 2>/dev/null || true
swiftc -sanitize=fuzzer,address -parse-as-library -O -swift-version 6 \
    -module-name PredicateLintCore -emit-library -static -o "$build/libPredicateLintCore.a" \
    -emit-module -emit-module-path "$build/PredicateLintCore.swiftmodule" \
    -I "$host" $(find Sources/PredicateLintCore -name '*.swift')
swiftc -sanitize=fuzzer,address -parse-as-library -O -swift-version 6 \
    -I "$build" -I "$host" -L "$build" -lPredicateLintCore \
    -L "$host" -lSwiftSyntax -lSwiftParser -lSwiftOperators -lSwiftDiagnostics -Xlinker -rpath -Xlinker "$host" \
    Fuzz/FuzzLint.swift -o "$build/fuzz-lint"
"$build/fuzz-lint" -max_total_time="$seconds" -artifact_prefix=Fuzz/crashes/ -max_len=4096 "$@" Fuzz/corpus
