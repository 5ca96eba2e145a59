#!/usr/bin/env bash
# Runs SQL on Apache Flink 2.3 (local MiniCluster, streaming mode, UTC session time zone) and
# prints what Flink's client prints: each query's changelog with its op column, [INFO] for other
# statements, [ERROR] with the cause chain for failures (the script goes on). A reference for
# checking Runnel's conformance outputs; Flink is never a dependency of Runnel's modules.
# Usage: benchmarks/flink-sql.sh [-p PARALLELISM] [-e 'STATEMENTS'] [FILE.sql ...]
# Builds benchmarks/flink-reference on first use (Flink from Maven Central, ~300 MB).
set -euo pipefail
dir="$(cd "$(dirname "$0")/flink-reference" && pwd)"
if [[ ! -f "$dir/target/classpath.txt" || "$dir/src" -nt "$dir/target/classpath.txt" || "$dir/pom.xml" -nt "$dir/target/classpath.txt" ]]; then
  mvn -B -q -f "$dir/pom.xml" package -DskipTests >&2
fi
exec java ${JAVA_OPTS:--Xmx1g} -cp "$dir/target/classes:$(cat "$dir/target/classpath.txt")" \
  dev.runnel.reference.FlinkSqlScript "$@"
