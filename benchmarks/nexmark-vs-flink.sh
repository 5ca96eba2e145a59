#!/usr/bin/env bash
# Nexmark on Runnel and on Apache Flink 2.3 side by side, over the same newline-delimited JSON
# files (written once by Runnel's generator, Flink's Nexmark event shape), each query in a fresh
# process of each system with that system's defaults, Runnel first, then Flink, query by query.
# Prints per query and system: whole-process wall seconds, CPU seconds (user + sys) and peak RSS,
# then Flink's wall time over Runnel's. Flink runs from benchmarks/flink-reference (Flink from
# Maven Central, a benchmark-only dependency, never one of Runnel's modules).
#
# Usage: benchmarks/nexmark-vs-flink.sh [EVENTS] [QUERIES]
#   EVENTS defaults to 10000000, QUERIES (q0,q5,...) to every bundled query.
#   PARALLELISM (default 2) is each job's parallelism; DATA_DIR (default
#   ${TMPDIR:-/tmp}/runnel-nexmark-json-EVENTS) keeps the files between runs;
#   FLINK_JAVA_OPTS passes JVM flags to Flink (default: none, the JVM's own heap size);
#   RUNNEL_STATE_BACKEND (rocksdb | hashmap, default: Runnel's default, rocksdb) sets Runnel's
#   state.backend.type (Flink runs with its default, the heap backend), and RUNNEL_JAVA_OPTS its
#   JVM flags (bin/runnel's JAVA_OPTS).
# Needs /usr/bin/time (GNU time) and a built Runnel (mvn -B package -DskipTests).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
events="${1:-10000000}"
queries="${2:-}"
p="${PARALLELISM:-2}"
data="${DATA_DIR:-${TMPDIR:-/tmp}/runnel-nexmark-json-$events}"
query_dir="$root/shell/src/main/resources/nexmark"
flink_dir="$root/benchmarks/flink-reference"
if [[ ! -x /usr/bin/time ]]; then
  echo "nexmark-vs-flink.sh needs GNU time at /usr/bin/time" >&2
  exit 2
fi
if [[ -z "$queries" ]]; then
  queries="$(ls "$query_dir" | sed -n 's/^\(q[0-9]*\)\.sql$/\1/p' | sort -V | paste -sd, -)"
fi
if [[ ! -f "$flink_dir/target/classpath.txt" || "$flink_dir/src" -nt "$flink_dir/target/classpath.txt" ]]; then
  mvn -B -q -f "$flink_dir/pom.xml" package -DskipTests >&2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

person='ROW<`id` BIGINT, `name` STRING, `emailAddress` STRING, `creditCard` STRING, `city` STRING, `state` STRING, `dateTime` TIMESTAMP(3), `extra` STRING>'
auction='ROW<`id` BIGINT, `itemName` STRING, `description` STRING, `initialBid` BIGINT, `reserve` BIGINT, `dateTime` TIMESTAMP(3), `expires` TIMESTAMP(3), `seller` BIGINT, `category` BIGINT, `extra` STRING>'
bid='ROW<`auction` BIGINT, `bidder` BIGINT, `price` BIGINT, `channel` STRING, `url` STRING, `dateTime` TIMESTAMP(3), `extra` STRING>'

if [[ ! -f "$data/.complete" ]]; then
  echo "# writing $events events as JSON into $data" >&2
  rm -rf "$data"
  mkdir -p "$data/events"
  cat > "$work/write.sql" <<SQL
SET 'parallelism.default' = '$p';
SET 'table.dml-sync' = 'true';
CREATE TABLE generator (event_type INT, person $person, auction $auction, bid $bid)
  WITH ('connector' = 'nexmark', 'max-events' = '$events');
CREATE TABLE files (event_type INT, person $person, auction $auction, bid $bid)
  WITH ('connector' = 'filesystem', 'path' = '$data/events', 'format' = 'json');
INSERT INTO files SELECT event_type, person, auction, bid FROM generator;
SQL
  "$root/bin/runnel" -f "$work/write.sql" > "$work/write.log" 2>&1 || { cat "$work/write.log" >&2; exit 1; }
  touch "$data/.complete"
fi
seq 0 9999 | awk '{print $1 "," $1}' > "$work/side_input.csv"

# The tables of Flink's Nexmark setup, over the files: one table of events and three views.
cat > "$work/tables.sql" <<SQL
CREATE TABLE nexmark (
  event_type INT, person $person, auction $auction, bid $bid,
  \`dateTime\` AS CASE WHEN event_type = 0 THEN person.\`dateTime\`
                   WHEN event_type = 1 THEN auction.\`dateTime\`
                   ELSE bid.\`dateTime\` END,
  WATERMARK FOR \`dateTime\` AS \`dateTime\` - INTERVAL '4' SECOND
) WITH ('connector' = 'filesystem', 'path' = '$data/events', 'format' = 'json');
CREATE VIEW person AS SELECT person.id, person.name, person.emailAddress, person.creditCard, person.city,
  person.state, \`dateTime\`, person.extra FROM nexmark WHERE event_type = 0;
CREATE VIEW auction AS SELECT auction.id, auction.itemName, auction.description, auction.initialBid,
  auction.reserve, \`dateTime\`, auction.expires, auction.seller, auction.category, auction.extra
  FROM nexmark WHERE event_type = 1;
CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, bid.url, \`dateTime\`, bid.extra
  FROM nexmark WHERE event_type = 2;
SQL

# Runs one system on one script; prints "wall cpu rss_mib status".
measure() {
  local log="$1"
  shift
  local status=ok
  /usr/bin/time -f '%e %U %S %M' -o "$log.time" "$@" > "$log" 2>&1 || status=failed
  if grep -q '^\[ERROR\]' "$log"; then
    status=failed
  fi
  # GNU time writes "Command exited with non-zero status N" before the figures when it fails
  tail -n 1 "$log.time" | awk -v s="$status" '{printf "%.2f %.2f %d %s\n", $1, $2 + $3, $4 / 1024, s}'

}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(java -version 2>&1 | head -1), $events events, parallelism $p"
printf '%-6s %10s %10s %10s %8s %10s %10s %10s %8s %12s\n' query runnel_s cpu_s rss_mib status flink_s cpu_s rss_mib status flink/runnel
for q in ${queries//,/ }; do
  # Flink 2.3's parser takes dateTime for a keyword: quote it (the same text for both systems)
  sed -e "s|\${side_input}|$work/side_input.csv|g" -e 's/`dateTime`/dateTime/g' -e 's/\bdateTime\b/`dateTime`/g' \
    "$query_dir/$q.sql" > "$work/$q.sql"
  { echo "SET 'parallelism.default' = '$p';"; echo "SET 'table.dml-sync' = 'true';"
    if [[ -n "${RUNNEL_STATE_BACKEND:-}" ]]; then echo "SET 'state.backend.type' = '$RUNNEL_STATE_BACKEND';"; fi
    cat "$work/tables.sql" "$work/$q.sql"; } > "$work/$q.runnel.sql"
  { cat "$work/tables.sql" "$work/$q.sql"; } > "$work/$q.flink.sql"
  read -r rw rc rr rs < <(measure "$work/$q.runnel.log" env JAVA_OPTS="${RUNNEL_JAVA_OPTS:-${JAVA_OPTS:-}}" \
    "$root/bin/runnel" -f "$work/$q.runnel.sql")
  # shellcheck disable=SC2086
  read -r fw fc fr fs < <(measure "$work/$q.flink.log" java ${FLINK_JAVA_OPTS:-} \
    -cp "$flink_dir/target/classes:$(cat "$flink_dir/target/classpath.txt")" \
    dev.runnel.reference.FlinkSqlScript -p "$p" "$work/$q.flink.sql")
  printf '%-6s %10s %10s %10s %8s %10s %10s %10s %8s %12s\n' "$q" "$rw" "$rc" "$rr" "$rs" "$fw" "$fc" "$fr" "$fs" \
    "$(awk -v f="$fw" -v r="$rw" 'BEGIN {printf "%.2f", f / r}')"
  for system in runnel flink; do
    if [[ "$(grep -c '^\[ERROR\]' "$work/$q.$system.log" || true)" != 0 ]]; then
      grep -m 3 '^\[ERROR\]' "$work/$q.$system.log" | sed "s/^/# $q $system: /" >&2
    fi
  done
done
