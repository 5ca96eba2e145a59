#!/usr/bin/env bash
# Issue 18: kill -9 of the leading JobManager to the job processing again, median and max of
# KILLS, with its parts (detection + election, recovery, restore). A ZooKeeper ensemble of three
# runs in the benchmark's JVM with tick TICK_MS (ZooKeeper's default: 2000); JobManagers, a
# TaskManager and the submitting script are processes of their own.
# Usage: benchmarks/failover.sh [KILLS] [TICK_MS] [SESSION_TIMEOUT]   (e.g. 10 2000 '4 s')
# Needs the reactor built once: mvn -B -q install -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -o -B -q -pl sql-parser,runtime,planner,jdbc-driver,shell test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/failover-bench.cp -Dmdep.includeScope=test
cp="$PWD/shell/target/test-classes:$PWD/shell/target/classes:$PWD/planner/target/classes:$PWD/runtime/target/classes:$PWD/sql-parser/target/classes:$PWD/jdbc-driver/target/classes:$(cat shell/target/failover-bench.cp)"
exec java -Xmx512m -Djava.class.path="$cp" -cp "$cp" dev.runnel.shell.cluster.FailoverBenchmark "${1:-10}" "${2:-2000}" "${3:-}"
