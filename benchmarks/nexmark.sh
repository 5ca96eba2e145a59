#!/usr/bin/env bash
# The Nexmark suite through `runnel bench nexmark`: every bundled query (or those given) on a
# fresh embedded cluster each, in one JVM, printing per query events/s, events/s per core,
# latency-marker p50/p99, peak heap and RSS, and CPU seconds. Unlike measure.sh, no baseline
# run is subtracted: the command times each job from its submission to its end itself.
# Usage: benchmarks/nexmark.sh [EVENTS] [QUERIES] [extra options of `runnel bench nexmark`]
#   EVENTS defaults to 10000000, QUERIES (q0,q5,...) to all; e.g.
#   benchmarks/nexmark.sh 10000000 q0,q1,q2 --parallelism 2 --state-backend hashmap --output json
# JAVA_OPTS passes JVM flags (e.g. JAVA_OPTS=-Xmx4g).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
events="${1:-10000000}"
queries="${2:-}"
shift $(( $# < 2 ? $# : 2 ))
args=(bench nexmark --events "$events")
if [[ -n "$queries" ]]; then
  args+=(--queries "$queries")
fi
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(java -version 2>&1 | head -1)" >&2
exec "$root/bin/runnel" "${args[@]}" "$@"
