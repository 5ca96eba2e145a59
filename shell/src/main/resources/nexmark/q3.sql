-- q3: local item suggestion (sellers in OR, ID or CA with auctions in category 10)
CREATE TABLE nexmark_q3 (
    name VARCHAR,
    city VARCHAR,
    state VARCHAR,
    id BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q3
SELECT P.name, P.city, P.state, A.id
FROM auction AS A INNER JOIN person AS P ON A.seller = P.id
WHERE A.category = 10 AND (P.state = 'OR' OR P.state = 'ID' OR P.state = 'CA');
