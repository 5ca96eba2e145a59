-- Nexmark q2: selection. The bids on a set of specific auctions.
CREATE TABLE nexmark_q2 (
  auction BIGINT,
  price BIGINT
) WITH (
  'connector' = 'blackhole'
);

INSERT INTO nexmark_q2
SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0;
