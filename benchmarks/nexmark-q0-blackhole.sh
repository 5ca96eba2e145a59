#!/usr/bin/env bash
# Throughput of the nexmark generator through Nexmark's q0 (pass-through of the bid view, with
# the table's computed dateTime and watermark) into blackhole, at parallelism 1 and 2.
# Usage: benchmarks/nexmark-q0-blackhole.sh [EVENTS] (default 20000000); rows/s counts events.
set -euo pipefail

script() { # parallelism events
  cat <<SQL
SET 'parallelism.default' = '$1';
CREATE TABLE nexmark (
  event_type INT,
  person ROW<id BIGINT, name STRING, emailAddress STRING, creditCard STRING, city STRING, state STRING,
             dateTime TIMESTAMP(3), extra STRING>,
  auction ROW<id BIGINT, itemName STRING, description STRING, initialBid BIGINT, reserve BIGINT,
              dateTime TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, extra STRING>,
  bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING, dateTime TIMESTAMP(3),
          extra STRING>,
  dateTime AS CASE WHEN event_type = 0 THEN person.dateTime
                   WHEN event_type = 1 THEN auction.dateTime ELSE bid.dateTime END,
  WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND
) WITH ('connector' = 'nexmark', 'max-events' = '$2');
CREATE VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, bid.url, bid.dateTime, bid.extra
  FROM nexmark WHERE event_type = 2;
CREATE TABLE sink (auction BIGINT, bidder BIGINT, price BIGINT, dateTime TIMESTAMP(3), extra STRING)
  WITH ('connector' = 'blackhole');
INSERT INTO sink SELECT auction, bidder, price, dateTime, extra FROM bid;
SQL
}

source "$(dirname "$0")/measure.sh"
measure "${1:-20000000}"
