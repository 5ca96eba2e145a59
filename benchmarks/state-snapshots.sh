#!/usr/bin/env bash
# Keyed state snapshots: for the heap backend, RocksDB full and RocksDB incremental snapshots,
# the time the task is blocked (synchronous part), the time of the asynchronous part, the bytes
# written by a first snapshot and by a second one after 1% of the keys changed, and the time to
# restore from the second.
# Usage: benchmarks/state-snapshots.sh [KEYS] (default 1000000). Files go under java.io.tmpdir
# (deleted at the end).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
keys="${1:-1000000}"
cd "$root"
mvn -B -o -q -pl runtime -am test-compile
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
mvn -B -o -q -pl runtime dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
java -Xmx1g -cp "runtime/target/classes:runtime/target/test-classes:$(cat "$cp_file")" \
  dev.runnel.runtime.state.bench.SnapshotBenchmark "$keys"
