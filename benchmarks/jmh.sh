#!/usr/bin/env bash
# JMH micro-benchmarks of the runtime's hot paths (runtime/src/jmh/java, see docs/benchmarks.md):
# builds the runtime with the jmh profile (offline when ~/.m2 has everything) and runs
# org.openjdk.jmh.Main over the compiled benchmarks, printing JMH's result table.
#
#   benchmarks/jmh.sh                          all benchmarks, short iterations (~4 minutes on an idle 2-core machine)
#   benchmarks/jmh.sh NexmarkGenerator         benchmarks whose name matches a regex
#   benchmarks/jmh.sh KeyedState -p backend=rocksdb -prof gc
#                                              any JMH option (-wi, -i, -f, -p, -prof, -rf json, …)
#   benchmarks/jmh.sh -l                       list the benchmarks
#
# Environment: MVN_OPTS (extra Maven flags, e.g. empty to allow going online; default -o),
# JAVA_HOME (which java).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runtime="$root/runtime"

# shellcheck disable=SC2086
(cd "$root" && mvn -B -q -Dstyle.color=never ${MVN_OPTS--o} -Pjmh -pl runtime -am -DskipTests process-test-classes)

classpath="$runtime/target/test-classes:$runtime/target/classes:$(cat "$runtime/target/jmh-classpath.txt")"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# The defaults in the benchmark classes (1 fork, 2 x 1 s warm-up, 3 x 2 s measurement) keep a
# full run short; pass -wi/-i/-f/-r to measure longer.
exec "$java" -cp "$classpath" org.openjdk.jmh.Main "$@"
