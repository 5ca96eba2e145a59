#!/usr/bin/env bash
# Keyed state that outgrows the heap: puts, then reads back in scattered order, many millions
# of keys in a RocksDB value state with a 256 MiB heap, printing keys/s, peak heap and peak RSS
# after every tenth of the puts. The heap stays flat while the state grows on disk.
# Usage: benchmarks/state-rocksdb-many-keys.sh [KEYS] [BACKEND] (default 10000000 rocksdb)
# State goes under java.io.tmpdir/runnel-rocksdb (deleted at the end).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
keys="${1:-10000000}"
backend="${2:-rocksdb}"
cd "$root"
mvn -B -o -q -pl runtime -am test-compile
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
mvn -B -o -q -pl runtime dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
java -Xmx256m -cp "runtime/target/classes:runtime/target/test-classes:$(cat "$cp_file")" \
  dev.runnel.runtime.state.bench.RocksDbManyKeysBenchmark "$keys" "$backend"
