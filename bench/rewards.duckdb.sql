-- The built-in promotion bocom-applepay-monthly (SPEC section 2) as one DuckDB query, writing the
-- rewards file (SPEC section 4) with COPY. Run it in a folder written by
-- `bench/generate.py --restricted`, which guarantees what this query takes for granted:
--   * each card has exactly one enrollment, so the channel is that enrollment's;
--   * no campaign bounds, no MCC exclusions, no quota (as the built-in promotion);
--   * codes in canonical spelling or plain case variants, times with an offset and at most 6
--     fraction digits (DuckDB keeps microseconds).
-- Checks 1-3, 4-5, 7-8, 10 and 12 of SPEC section 3 are still written out; the rest cannot fail
-- for the built-in promotion. Asia/Shanghai has had no daylight saving since 1991, so local time
-- is always +08:00.
COPY (
  WITH
  cards AS (
    SELECT card, holder, issuer, type, role
    FROM read_csv('cards.csv', header = true, all_varchar = true)
  ),
  enrollments AS (
    SELECT card, lower(channel) AS channel, enrolled_at, removed_at
    FROM read_csv('enrollments.csv', header = true, all_varchar = true,
                  types = {'enrolled_at': 'TIMESTAMPTZ', 'removed_at': 'TIMESTAMPTZ'})
  ),
  transactions AS (
    SELECT *
    FROM read_csv('transactions.csv', header = true, all_varchar = true,
                  types = {'time': 'TIMESTAMPTZ', 'amount': 'DECIMAL(18,2)',
                           'refunded': 'DECIMAL(18,2)'})
  ),

  -- Transactions that pass every check before the holder's limits (SPEC section 3, checks 1-12).
  eligible AS (
    SELECT t.id, t.card, c.holder, e.channel, t.time, t.amount,
           CAST(t.time AT TIME ZONE 'Asia/Shanghai' AS DATE) AS local_date
    FROM transactions AS t
    JOIN cards AS c ON c.card = t.card
    JOIN enrollments AS e ON e.card = t.card
    WHERE lower(coalesce(t.status, 'settled')) IN ('settled', 'pending')      -- 1, 2
      AND coalesce(t.refunded, 0) < t.amount                                  -- 2
      AND lower(coalesce(t.method, 'apple-pay')) = 'apple-pay'                -- 3
      AND lower(c.issuer) = 'bocom'                                           -- 4
      AND lower(c.type) = 'credit'                                            -- 5
      AND lower(c.role) = 'primary'                                           -- (supplementary: none)
      AND upper(coalesce(t.currency, 'CNY')) = 'CNY'                          -- 8
      AND e.enrolled_at <= t.time AND (e.removed_at IS NULL OR t.time < e.removed_at)  -- 10
      AND t.amount - coalesce(t.refunded, 0) >= 100.00                        -- 12
  ),

  -- Billing cycles run from the 22nd to the 21st: the cycle of day d starts on the 22nd of the
  -- month of d - 21 days.
  cycled AS (
    SELECT *,
           CAST(date_trunc('month', local_date - INTERVAL 21 DAY) + INTERVAL 21 DAY AS DATE)
             AS cycle_start
    FROM eligible
  ),

  -- One reward per cycle: the cycle's first eligible purchase (by time, then id as bytes).
  first_in_cycle AS (
    SELECT *
    FROM cycled
    QUALIFY row_number() OVER (PARTITION BY holder, cycle_start ORDER BY time, id) = 1
  ),

  -- At most four per holder: the first four cycles that have one.
  numbered AS (
    SELECT *, row_number() OVER (PARTITION BY holder ORDER BY cycle_start) AS ordinal
    FROM first_in_cycle
  )

  SELECT holder,
         strftime(cycle_start, '%Y-%m-%d') AS cycle_start,
         strftime(cycle_start + INTERVAL 1 MONTH - INTERVAL 1 DAY, '%Y-%m-%d') AS cycle_end,
         ordinal,
         id AS "transaction",
         card,
         channel,
         strftime(time AT TIME ZONE 'Asia/Shanghai', '%Y-%m-%dT%H:%M:%S') || '+08:00' AS time,
         CAST(amount AS VARCHAR) AS amount,
         CASE channel
           WHEN 'bank-app' THEN ['10.00', '15.00', '20.00', '20.00'][ordinal]
           ELSE ['5.00', '10.00', '15.00', '20.00'][ordinal]
         END AS reward
  FROM numbered
  WHERE ordinal <= 4
  ORDER BY holder, ordinal
) TO 'rewards.duckdb.csv' (FORMAT csv, HEADER true);
