#!/usr/bin/env bash
# Issue 19: a Nexmark query on a reactive cluster of separate processes. After EVENTS events on
# one TaskManager a second joins (timed: registration -> rescale started -> running at 2 ->
# reading again), then it is killed with kill -9 (timed the same, back to 1), with the state size
# of the checkpoint each restores from.
# Usage: benchmarks/rescale.sh [QUERY] [EVENTS] [CHECKPOINT_INTERVAL] [STABILIZATION_TIMEOUT]
#   e.g. benchmarks/rescale.sh q5 10000000 '10 s' '1 s'
# Needs the reactor built once: mvn -B -q install -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -o -B -q -pl sql-parser,runtime,planner,jdbc-driver,shell test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/rescale-bench.cp -Dmdep.includeScope=test
cp="$PWD/shell/target/test-classes:$PWD/shell/target/classes:$PWD/planner/target/classes:$PWD/runtime/target/classes:$PWD/sql-parser/target/classes:$PWD/jdbc-driver/target/classes:$(cat shell/target/rescale-bench.cp)"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(java -version 2>&1 | head -1)" >&2
exec java -Xmx512m -Djava.class.path="$cp" -cp "$cp" dev.runnel.shell.cluster.RescaleBenchmark "${1:-q8}" "${2:-10000000}" "${3:-10 s}" "${4:-}"
