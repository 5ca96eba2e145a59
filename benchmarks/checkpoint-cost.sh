#!/usr/bin/env bash
# What checkpointing costs: a keyed count (100,000 keys) over an unthrottled datagen sequence
# into blackhole at parallelism 2, without checkpoints and with one every second (two rounds,
# events/s); then the time from an injected task failure (EmbeddedCluster.failTask) until the
# job runs again and until its next checkpoint completed (restart delay 0 ms, five failures).
# Usage: benchmarks/checkpoint-cost.sh [ROWS] [rocksdb|hashmap] (default 2000000 rocksdb).
# Checkpoints go under java.io.tmpdir (deleted at the end).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rows="${1:-2000000}"
backend="${2:-rocksdb}"
cd "$root"
mvn -B -o -q -pl planner -am test-compile
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
mvn -B -o -q -pl planner dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
# The modules' own classes first: the classpath may also name older runnel jars from ~/.m2.
own="planner/target/classes:planner/target/test-classes:runtime/target/classes:sql-parser/target/classes"
java -XX:+UseParallelGC -Xss4m -Xmx1g -cp "$own:$(cat "$cp_file")" \
  dev.runnel.planner.session.CheckpointCostBenchmark "$rows" "$backend"
