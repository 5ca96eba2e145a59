#!/usr/bin/env bash
# The data exchange between TaskManager processes (Netty, credit-based) beside the in-process
# exchange and a raw TCP copy between two processes: rows/s and MB/s for 1 and 4 channels.
# Usage: benchmarks/exchange.sh [ROWS_PER_CHANNEL] (default 5000000).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rows="${1:-5000000}"
cd "$root"
mvn -B -o -q -pl runtime -am test-compile
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
mvn -B -o -q -pl runtime dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
java -Xmx1g -XX:+UseParallelGC ${EXCHANGE_JAVA_OPTS:-} -cp "runtime/target/classes:runtime/target/test-classes:$(cat "$cp_file")" \
  dev.runnel.runtime.network.netty.ExchangeBenchmark "$rows"
