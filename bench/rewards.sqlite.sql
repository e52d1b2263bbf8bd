-- The built-in promotion bocom-applepay-monthly (SPEC section 2) as one SQLite query over the
-- tables load.sqlite.sql imports (every column TEXT). The harness runs it with `sqlite3 -csv
-- -header` and keeps standard output as the rewards file (SPEC section 4).
-- Run on a folder written by `bench/generate.py --restricted`, which guarantees what this query
-- takes for granted:
--   * each card has exactly one enrollment, so the channel is that enrollment's;
--   * no campaign bounds, no MCC exclusions, no quota (as the built-in promotion);
--   * codes in canonical spelling or plain case variants; times written with seconds and an
--     explicit offset `±HH:MM`, so that the fraction of a second is characters 21 to length - 6
--     (it is parsed apart: SQLite's date functions round fractions to milliseconds).
-- Asia/Shanghai has had no daylight saving since 1991: local time is UTC + 8 hours.
WITH
-- Instants as nanoseconds since the epoch, as the wallet store keeps them.
enrollments_at AS (
  SELECT card, lower(channel) AS channel,
         unixepoch(substr(enrolled_at, 1, 19) || substr(enrolled_at, -6)) * 1000000000
           + CASE WHEN substr(enrolled_at, 20, 1) = '.'
                  THEN CAST(substr(substr(enrolled_at, 21, length(enrolled_at) - 26) || '000000000', 1, 9) AS INTEGER)
                  ELSE 0 END AS enrolled_ns,
         CASE WHEN removed_at = '' THEN NULL
              ELSE unixepoch(substr(removed_at, 1, 19) || substr(removed_at, -6)) * 1000000000
                + CASE WHEN substr(removed_at, 20, 1) = '.'
                       THEN CAST(substr(substr(removed_at, 21, length(removed_at) - 26) || '000000000', 1, 9) AS INTEGER)
                       ELSE 0 END
         END AS removed_ns
  FROM enrollments
),
transactions_at AS (
  SELECT id, card, status, method, currency,
         unixepoch(substr(time, 1, 19) || substr(time, -6)) AS seconds,
         unixepoch(substr(time, 1, 19) || substr(time, -6)) * 1000000000
           + CASE WHEN substr(time, 20, 1) = '.'
                  THEN CAST(substr(substr(time, 21, length(time) - 26) || '000000000', 1, 9) AS INTEGER)
                  ELSE 0 END AS ns,
         CAST(round(amount * 100) AS INTEGER) AS amount_fen,
         CAST(round(coalesce(nullif(refunded, ''), '0') * 100) AS INTEGER) AS refunded_fen
  FROM transactions
),

-- Transactions that pass every check before the holder's limits (SPEC section 3, checks 1-12).
eligible AS (
  SELECT t.id, t.card, c.holder, e.channel, t.seconds, t.ns, t.amount_fen,
         date(t.seconds + 8 * 3600, 'unixepoch') AS local_date
  FROM transactions_at AS t
  JOIN cards AS c ON c.card = t.card
  JOIN enrollments_at AS e ON e.card = t.card
  WHERE lower(coalesce(nullif(t.status, ''), 'settled')) IN ('settled', 'pending')   -- 1, 2
    AND t.refunded_fen < t.amount_fen                                                -- 2
    AND lower(coalesce(nullif(t.method, ''), 'apple-pay')) = 'apple-pay'             -- 3
    AND lower(c.issuer) = 'bocom'                                                    -- 4
    AND lower(c.type) = 'credit'                                                     -- 5
    AND lower(c.role) = 'primary'                                                    -- (supplementary: none)
    AND upper(coalesce(nullif(t.currency, ''), 'CNY')) = 'CNY'                       -- 8
    AND e.enrolled_ns <= t.ns AND (e.removed_ns IS NULL OR t.ns < e.removed_ns)      -- 10
    AND t.amount_fen - t.refunded_fen >= 10000                                       -- 12
),

-- Billing cycles run from the 22nd to the 21st: the cycle of day d starts on the 22nd of the
-- month of d - 21 days.
cycled AS (
  SELECT *, date(local_date, '-21 days', 'start of month', '+21 days') AS cycle_start
  FROM eligible
),

-- One reward per cycle: the cycle's first eligible purchase (by time, then id as bytes).
first_in_cycle AS (
  SELECT *
  FROM (SELECT *, row_number() OVER (PARTITION BY holder, cycle_start ORDER BY ns, id) AS nth
        FROM cycled)
  WHERE nth = 1
),

-- At most four per holder: the first four cycles that have one.
numbered AS (
  SELECT *, row_number() OVER (PARTITION BY holder ORDER BY cycle_start) AS ordinal
  FROM first_in_cycle
)

SELECT holder,
       cycle_start,
       date(cycle_start, '+1 month', '-1 day') AS cycle_end,
       ordinal,
       id AS "transaction",
       card,
       channel,
       strftime('%Y-%m-%dT%H:%M:%S', seconds + 8 * 3600, 'unixepoch') || '+08:00' AS time,
       printf('%d.%02d', amount_fen / 100, amount_fen % 100) AS amount,
       CASE channel
         WHEN 'bank-app' THEN CASE ordinal WHEN 1 THEN '10.00' WHEN 2 THEN '15.00' ELSE '20.00' END
         ELSE CASE ordinal WHEN 1 THEN '5.00' WHEN 2 THEN '10.00' WHEN 3 THEN '15.00' ELSE '20.00' END
       END AS reward
FROM numbered
WHERE ordinal <= 4
ORDER BY holder, ordinal;
