#!/usr/bin/env bash
# Throughput of the walking skeleton's SQL path: bounded datagen -> filter/projection ->
# blackhole, through bin/runnel script mode, at parallelism 1 and 2.
# Usage: benchmarks/datagen-calc-blackhole.sh [ROWS] (default 40000000)
set -euo pipefail

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

source "$(dirname "$0")/measure.sh"
measure "${1:-40000000}"
