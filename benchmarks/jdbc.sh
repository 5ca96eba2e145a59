#!/usr/bin/env bash
# JDBC through the gateway beside the same session in process: rows/s of a large bounded result
# and the round trip of SELECT 1 (p50/p99), with CPU seconds and peak heap.
# Usage: benchmarks/jdbc.sh [ROWS] [TRIPS]
# Needs the reactor built once: mvn -B -q install -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -o -B -q -pl sql-parser,runtime,planner,jdbc-driver,shell test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/jdbc-bench.cp -Dmdep.includeScope=test
cp=$(cat shell/target/jdbc-bench.cp)
exec java -Xmx1g -cp "shell/target/test-classes:shell/target/classes:planner/target/classes:runtime/target/classes:sql-parser/target/classes:jdbc-driver/target/classes:$cp" \
  dev.runnel.shell.gateway.GatewayBenchmark "${1:-1000000}" "${2:-500}"
