#!/usr/bin/env bash
# The tests under AddressSanitizer, and the command side (the parallel code and both servers)
# under ThreadSanitizer. Not part of `.ci/run`, which runs the README's test command only and
# must stay within its time; run this before landing a change to threads, locks, the cache or
# the servers (about six minutes on two cores, once the oracle's verdicts are cached).
set -euo pipefail
cd "$(dirname "$0")/.."
# LeakSanitizer is off: it reports small leaks inside XCTest and Foundation, not in this code.
ASAN_OPTIONS=detect_leaks=0 swift test --disable-xctest -q --sanitize=address
swift test --disable-xctest -q --sanitize=thread --filter "PredicateLintCommandTests"
