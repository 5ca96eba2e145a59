-- q13: bounded side input join (bids enriched from a side table by a processing-time lookup)
-- ${side_input} is the side input file (lines 'i,i' for i in 0..9999), which runnel bench writes
CREATE TABLE side_input (
    key BIGINT,
    `value` VARCHAR
) WITH ('connector' = 'filesystem', 'path' = '${side_input}', 'format' = 'csv');

CREATE TABLE nexmark_q13 (
    auction BIGINT,
    bidder BIGINT,
    price BIGINT,
    dateTime TIMESTAMP(3),
    `value` VARCHAR
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q13
SELECT B.auction, B.bidder, B.price, B.dateTime, S.`value`
FROM (SELECT *, PROCTIME() AS p_time FROM bid) B
JOIN side_input FOR SYSTEM_TIME AS OF B.p_time AS S
ON MOD(B.auction, 10000) = S.key;
