#!/usr/bin/env bash
# Throughput of the walking skeleton's SQL path: bounded datagen -> filter/projection ->
# blackhole, through bin/runnel script mode, at parallelism 1 and 2.
#
# Each run's wall time includes JVM start, Calcite's warm-up and job deployment, so the script
# also runs the same job over 1 row and subtracts that time: rows/s = rows / (t(N) - t(1)).
# Usage: benchmarks/datagen-calc-blackhole.sh [ROWS] (default 40000000)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rows="${1:-40000000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

script() { # parallelism rows
  cat <<SQL
SET 'parallelism.default' = '$1';
CREATE TABLE orders (id BIGINT, customer STRING, amount DOUBLE, ts TIMESTAMP(3)) WITH (
  'connector' = 'datagen', 'rows-per-second' = '1000000000', 'number-of-rows' = '$2',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '$2',
  'fields.customer.length' = '10', 'fields.amount.min' = '1', 'fields.amount.max' = '500');
CREATE TABLE sink (id BIGINT, c STRING, gross DOUBLE) WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT id, UPPER(customer) AS c, amount * 1.2 AS gross FROM orders WHERE amount > 100;
SQL
}

timed() { # file -> "seconds peak-rss-kb"
  /usr/bin/time -f '%e %M' -o "$work/time" "$root/bin/runnel" -f "$1" > /dev/null
  cat "$work/time"
}

printf '%-12s %12s %10s %14s %14s\n' parallelism rows seconds rows/s peak-rss-MiB
for p in 1 2; do
  script "$p" 1 > "$work/base.sql"
  script "$p" "$rows" > "$work/full.sql"
  read -r base _ < <(timed "$work/base.sql")
  read -r full rss < <(timed "$work/full.sql")
  awk -v p="$p" -v n="$rows" -v b="$base" -v f="$full" -v r="$rss" 'BEGIN {
    s = f - b; printf "%-12d %12d %10.2f %14.0f %14.0f\n", p, n, s, n / s, r / 1024 }'
done
