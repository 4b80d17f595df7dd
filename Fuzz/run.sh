#!/usr/bin/env bash
# Builds a libFuzzer target and runs it: Fuzz/run.sh [target] [seconds] [extra libFuzzer flags]
#   lint           the core pipeline (parse, declarations, lint, fix) on Swift text up to 64 KB
#   nesting        nesting and chains at full size (up to 1 MB) built from the input
#   configuration  .predicate-lint.json text: parsed, globs matched, written back
#   baseline       baseline text: parsed, written, parsed again
#   servers        the language server's and the MCP server's message handling
# Seeds come from the example app and the tests' shapes; crashes, time-outs and memory blow-ups
# land in Fuzz/crashes/. The run ends within its time even when one input is slow: each input
# has 20 seconds (nesting 60), and the whole run a hard limit a minute past the time asked for.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-lint}
seconds=${2:-60}
shift $(( $# > 2 ? 2 : $# )) || true
extra=()
case "$target" in
    lint) source=FuzzLint.swift; max_len=65536; per_input=20 ;;
    # A full megabyte of predicates (16,000 in one file) takes 3.4 s in a release build and about
    # 25 s under the address sanitizer: linear, so only a slower input is a hang.
    nesting) source=FuzzNesting.swift; max_len=300; per_input=60 ;;
    configuration) source=FuzzConfiguration.swift; max_len=8192; per_input=20 ;;
    baseline) source=FuzzBaseline.swift; max_len=8192; per_input=20 ;;
    # LeakSanitizer cannot follow pointers that Swift stores with tag bits in enum payloads, so it
    # reports the servers' static tool tables as leaked; leaks are not checked here.
    servers) source=FuzzServers.swift; max_len=65536; per_input=20; extra=(-detect_leaks=0); export ASAN_OPTIONS=detect_leaks=0 ;;
    *) echo "Fuzz/run.sh: no target '$target'; choose lint, nesting, configuration, baseline or servers" >&2; exit 2 ;;
esac
host="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/host"
build=.build/fuzz
flags=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -I "$build" -I "$host")
mkdir -p "$build" "Fuzz/corpus/$target" Fuzz/crashes
# The libraries are rebuilt only when their sources changed.
if [ ! -f "$build/libPredicateLintCore.a" ] || [ -n "$(find Sources/PredicateLintCore -newer "$build/libPredicateLintCore.a" -name '*.swift')" ]; then
    swiftc "${flags[@]}" -module-name PredicateLintCore -emit-library -static -o "$build/libPredicateLintCore.a" \
        -emit-module -emit-module-path "$build/PredicateLintCore.swiftmodule" $(find Sources/PredicateLintCore -name '*.swift')
fi
if [ ! -f "$build/libPredicateLintCommand.a" ] || [ -n "$(find Sources/PredicateLintCommand Sources/PredicateLintCore -newer "$build/libPredicateLintCommand.a" -name '*.swift')" ]; then
    swiftc "${flags[@]}" -module-name PredicateLintCommand -emit-library -static -o "$build/libPredicateLintCommand.a" \
        -emit-module -emit-module-path "$build/PredicateLintCommand.swiftmodule" $(find Sources/PredicateLintCommand -name '*.swift')
fi
swiftc "${flags[@]}" -L "$build" -lPredicateLintCommand -lPredicateLintCore \
    -L "$host" -lSwiftSyntax -lSwiftParser -lSwiftOperators -lSwiftDiagnostics -lSwiftBasicFormat \
    -Xlinker -rpath -Xlinker "$host" Fuzz/FuzzSupport.swift "Fuzz/$source" -o "$build/fuzz-$target"
# Seeds.
case "$target" in
    lint) cp Examples/MovieLibrary/*/*.swift "Fuzz/corpus/$target/" 2>/dev/null || true ;;
    nesting) printf '\x00\x00\x19\x19\x00\x01' > "Fuzz/corpus/$target/seed-brackets"; printf '\x03\x00\x10\x07\x00\x10' > "Fuzz/corpus/$target/seed-chains" ;;
    configuration) printf '{ "disabled_rules": ["force-unwrap"], "included": ["Sources/**"], "excluded": ["**/Generated/*a*b"], "deployment_target": "iOS 17.4" }' > "Fuzz/corpus/$target/seed" ;;
    baseline) printf '{"version": 1, "findings": [{"file": "A.swift", "rule": "has-prefix", "line": "x", "count": 2}]}' > "Fuzz/corpus/$target/seed" ;;
    servers)
        printf '\x00Content-Length: 52\r\n\r\n{"jsonrpc":"2.0","method":"initialized","params":{}}' > "Fuzz/corpus/$target/seed-lsp"
        printf '\x01{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint_swift","arguments":{"code":"let p = #Predicate<Website> { $0.url.hasPrefix(\\"a\\") }"}}}\n' > "Fuzz/corpus/$target/seed-mcp" ;;
esac
timeout --signal=INT --kill-after=30 $(( seconds + 60 )) "$build/fuzz-$target" -max_total_time="$seconds" -timeout="$per_input" \
    -rss_limit_mb=4096 -artifact_prefix="Fuzz/crashes/$target-" -max_len="$max_len" ${extra[@]+"${extra[@]}"} "$@" "Fuzz/corpus/$target"
