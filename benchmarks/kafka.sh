#!/usr/bin/env bash
# Kafka -> Kafka copy of RECORDS small JSON records (about 80 bytes each, two partitions) through
# Runnel (bin/runnel -f: an embedded cluster, at-least-once and exactly-once sinks, checkpoints
# every second) beside the same copy with kafka-clients alone (one consumer feeding one producer,
# plain and transactional): events/s, MB/s, CPU seconds and peak RSS of each copy's process, and
# the broker's CPU seconds. One KRaft broker in a JVM of its own serves every copy; each copy is
# a process of its own, and its run over one record per partition is subtracted from its wall
# time (JVM start, planning, deployment): events/s = RECORDS / (t(N) - t(1)).
# Usage: benchmarks/kafka.sh [RECORDS] (default 2000000); PARALLELISM (Runnel's, default 1) and
# JAVA_OPTS (Runnel's JVM flags) from the environment. Needs GNU time (/usr/bin/time).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
records="${1:-2000000}"
cd "$root"
# build now, so that bin/runnel does not build inside the first timed run
mvn -B -o -q -pl shell -am package -DskipTests
mvn -B -o -q -pl runtime test-compile
cp_file="$(mktemp)"
work="$(mktemp -d)"
trap 'rm -rf "$cp_file" "$work"' EXIT
mvn -B -o -q -pl runtime dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
# The module's own classes first: the classpath may also name older runnel jars from ~/.m2.
cp="runtime/target/classes:runtime/target/test-classes:$(cat "$cp_file")"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD), $(nproc) cores, $(java -version 2>&1 | head -1)"
java -Xmx1g -cp "$cp" dev.runnel.runtime.connector.kafka.KafkaCopyBenchmark "$records" "$root/bin/runnel" \
  "${PARALLELISM:-1}" "$work" "$cp"
