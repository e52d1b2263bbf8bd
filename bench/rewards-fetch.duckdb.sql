-- The built-in promotion as a query that fetches only what the rewards need: who is paid
-- (holder), which of their rewards it is (ordinal), for which purchase (transaction) and how
-- much (reward), in fen. The same reading as rewards-tight.duckdb.sql (it relies on the same
-- facts about bench/generate.py --restricted), without formatting any other column of the
-- rewards file: the least an analyst's query could fetch and still say who is owed what.
-- tools.py duckdb-fetch times `CREATE TEMP TABLE result AS` this query.
WITH
cards AS (
  SELECT card, holder
  FROM read_csv('cards.csv', header = true, all_varchar = true)
  WHERE lower(issuer) = 'bocom' AND lower(type) = 'credit' AND lower(role) = 'primary'
),
enrollments AS (
  SELECT card, lower(channel) = 'bank-app' AS bank_app, enrolled_at, removed_at
  FROM read_csv('enrollments.csv', header = true, all_varchar = true)
),
eligible AS (
  SELECT t.id, c.holder, e.bank_app, t.time,
         -- The billing cycle as a month number: the 22nd or later is this month's cycle.
         CAST(substr(t.time, 1, 4) AS INTEGER) * 12 + CAST(substr(t.time, 6, 2) AS INTEGER) - 1
           - CAST(substr(t.time, 9, 2) < '22' AS INTEGER) AS cycle
  FROM read_csv('transactions.csv', header = true, all_varchar = true) AS t
  JOIN cards AS c ON c.card = t.card
  JOIN enrollments AS e ON e.card = t.card
  WHERE e.enrolled_at <= t.time AND (e.removed_at IS NULL OR t.time < e.removed_at)
    AND CAST(replace(t.amount, '.', '') AS BIGINT)
        - coalesce(CAST(replace(t.refunded, '.', '') AS BIGINT), 0) >= 10000
),
first_in_cycle AS (
  SELECT holder, bank_app, id, cycle FROM eligible
  QUALIFY row_number() OVER (PARTITION BY holder, cycle ORDER BY time, id) = 1
),
numbered AS (
  SELECT holder, bank_app, id, row_number() OVER (PARTITION BY holder ORDER BY cycle) AS ordinal
  FROM first_in_cycle
)
SELECT holder, ordinal, id AS "transaction",
       CASE WHEN bank_app THEN [1000, 1500, 2000, 2000][ordinal]
            ELSE [500, 1000, 1500, 2000][ordinal] END AS reward
FROM numbered
WHERE ordinal <= 4
