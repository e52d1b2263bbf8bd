-- `sqlite3 .import` of a transactions file into a copy of a wallet store that already holds the
-- cards and enrollments: the same schema, indexes and PRAGMAs as wallet's own connection
-- (Sources/WalletStore/SQLite/SQLiteConnection.swift: WAL, synchronous=NORMAL, foreign_keys=ON),
-- in one SQLite transaction as `wallet import` does. `.import` loads the CSV text into a
-- temporary table; one INSERT converts it to the store's representation (instants as
-- nanoseconds since the epoch, money in fen, codes canonical, empty values NULL) and fills the
-- real table, checking its constraints, foreign keys and indexes. Unlike `wallet import`, it
-- validates nothing else and decides nothing (the store also keeps decisions up to date).
-- `wallet import` looks up every row's card and enrollment itself, in memory, inside its one
-- transaction, and so runs that transaction with foreign_keys=OFF; here SQLite does the same
-- lookups, as the store's connection otherwise would.
-- Same assumptions as rewards.sqlite.sql: times with seconds and an explicit ±HH:MM offset.
.output /dev/null
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
.output stdout
BEGIN;
.import --csv --schema temp transactions.csv staged_transactions
INSERT INTO transactions
  (id, card, time, amount, currency, method, status, refunded, enrollment, merchant, mcc)
SELECT id,
       card,
       unixepoch(substr(time, 1, 19) || substr(time, -6)) * 1000000000
         + CASE WHEN substr(time, 20, 1) = '.'
                THEN CAST(substr(substr(time, 21, length(time) - 26) || '000000000', 1, 9) AS INTEGER)
                ELSE 0 END,
       CAST(round(amount * 100) AS INTEGER),
       upper(coalesce(nullif(currency, ''), 'CNY')),
       lower(coalesce(nullif(method, ''), 'apple-pay')),
       lower(coalesce(nullif(status, ''), 'settled')),
       CAST(round(coalesce(nullif(refunded, ''), '0') * 100) AS INTEGER),
       nullif(enrollment, ''),
       nullif(merchant, ''),
       nullif(mcc, '')
FROM temp.staged_transactions;
COMMIT;
