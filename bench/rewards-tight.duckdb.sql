-- The built-in promotion as the tightest query an analyst who knows the --restricted workload
-- would write: the rewards rows, unordered, kept in a table for the caller (tools.py
-- duckdb-fetch times `CREATE TEMP TABLE result AS` this query).
-- Beyond what rewards.duckdb.sql takes for granted, it relies on bench/generate.py --restricted:
--   * every transaction is settled, CNY, apple-pay (checks 1-3 and 8 cannot fail);
--   * every time, enrolled_at and removed_at is written YYYY-MM-DDTHH:MM:SS[.f]+08:00, so times
--     compare as strings (equal instants written with different fraction digits would not; the
--     generator writes none) and the local date is the first 10 characters;
--   * every amount and refund has exactly two decimals, so fen is the digits without the point;
--   * the rewards file writes times to the second, so the first 19 characters and '+08:00'.
WITH
cards AS (
  SELECT card, holder
  FROM read_csv('cards.csv', header = true, all_varchar = true)
  WHERE lower(issuer) = 'bocom' AND lower(type) = 'credit' AND lower(role) = 'primary'
),
enrollments AS (
  SELECT card, lower(channel) AS channel, enrolled_at, removed_at
  FROM read_csv('enrollments.csv', header = true, all_varchar = true)
),
eligible AS (
  SELECT t.id, t.card, c.holder, e.channel, t.time, t.amount,
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
  SELECT * FROM eligible
  QUALIFY row_number() OVER (PARTITION BY holder, cycle ORDER BY time, id) = 1
),
numbered AS (
  SELECT *, row_number() OVER (PARTITION BY holder ORDER BY cycle) AS ordinal
  FROM first_in_cycle
)
SELECT holder,
       printf('%04d-%02d-22', cycle // 12, cycle % 12 + 1) AS cycle_start,
       printf('%04d-%02d-21', (cycle + 1) // 12, (cycle + 1) % 12 + 1) AS cycle_end,
       ordinal,
       id AS "transaction",
       card,
       channel,
       substr(time, 1, 19) || '+08:00' AS time,
       amount,
       CASE channel
         WHEN 'bank-app' THEN ['10.00', '15.00', '20.00', '20.00'][ordinal]
         ELSE ['5.00', '10.00', '15.00', '20.00'][ordinal]
       END AS reward
FROM numbered
WHERE ordinal <= 4
