-- Loads a workload folder into a scratch SQLite database for rewards.sqlite.sql: `.import` of the
-- three CSV files (every column TEXT, named by the header row), then the indexes the query's
-- joins use. A scratch database: no journal, no fsync.
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
.import --csv cards.csv cards
.import --csv enrollments.csv enrollments
.import --csv transactions.csv transactions
CREATE INDEX cards_by_card ON cards(card);
CREATE INDEX enrollments_by_card ON enrollments(card);
