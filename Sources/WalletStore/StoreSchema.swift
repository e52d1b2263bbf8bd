/// The store's schema, as an ordered list of named migrations. A step, once released, is never
/// edited: a change to the schema is a new step at the end.
enum StoreSchema {
  static let migrator = Migrator([
    Migration(name: "create-wallet-tables") { db in
      try db.executeScript(
        """
        CREATE TABLE settings (
          key TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE holders (
          id TEXT PRIMARY KEY NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE cards (
          id TEXT PRIMARY KEY NOT NULL,
          holder TEXT NOT NULL REFERENCES holders(id),
          network TEXT NOT NULL,
          type TEXT NOT NULL,
          role TEXT NOT NULL,
          issuer TEXT,
          last4 TEXT CHECK (last4 IS NULL OR length(last4) = 4)
        );
        CREATE INDEX cards_by_holder ON cards(holder);

        CREATE TABLE enrollments (
          id TEXT PRIMARY KEY NOT NULL,
          card TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
          channel TEXT NOT NULL,
          enrolled_at INTEGER NOT NULL,
          removed_at INTEGER CHECK (removed_at IS NULL OR removed_at > enrolled_at)
        );
        CREATE INDEX enrollments_by_card ON enrollments(card, enrolled_at);

        CREATE TABLE transactions (
          id TEXT PRIMARY KEY NOT NULL,
          card TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
          time INTEGER NOT NULL,
          amount INTEGER NOT NULL CHECK (amount > 0),
          currency TEXT NOT NULL,
          method TEXT NOT NULL,
          status TEXT NOT NULL,
          refunded INTEGER NOT NULL CHECK (refunded >= 0 AND refunded <= amount),
          enrollment TEXT REFERENCES enrollments(id),
          merchant TEXT,
          mcc TEXT
        );
        CREATE INDEX transactions_by_card ON transactions(card, time);
        CREATE INDEX transactions_by_time ON transactions(time, id);
        CREATE INDEX transactions_by_enrollment ON transactions(enrollment)
          WHERE enrollment IS NOT NULL;

        CREATE TABLE refunds (
          sequence INTEGER PRIMARY KEY,
          transaction_id TEXT NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
          amount INTEGER NOT NULL CHECK (amount > 0),
          at INTEGER NOT NULL
        );
        CREATE INDEX refunds_by_transaction ON refunds(transaction_id);

        CREATE TABLE promotions (
          id TEXT PRIMARY KEY NOT NULL,
          definition TEXT NOT NULL,
          built_in INTEGER NOT NULL DEFAULT 0,
          installed_at INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE decisions (
          promotion TEXT NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
          transaction_id TEXT NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
          holder TEXT NOT NULL,
          card TEXT NOT NULL,
          time INTEGER NOT NULL,
          cycle_start TEXT NOT NULL,
          cycle_end TEXT NOT NULL,
          reason TEXT,
          ordinal INTEGER,
          reward INTEGER,
          channel TEXT,
          enrollment TEXT,
          holder_rewards_before INTEGER NOT NULL,
          cycle_rewards_before INTEGER NOT NULL,
          quota_paid_before INTEGER,
          PRIMARY KEY (promotion, transaction_id),
          CHECK ((reason IS NULL) = (ordinal IS NOT NULL))
        ) WITHOUT ROWID;
        CREATE INDEX decisions_by_holder ON decisions(promotion, holder, ordinal);
        CREATE INDEX decisions_by_time ON decisions(promotion, time);
        CREATE INDEX decisions_by_transaction ON decisions(transaction_id);
        """)
    },
    // Statements, what-ifs and quota recomputes read only rewarded rows, by holder or by cycle;
    // partial indexes over those rows keep each read to the rows it returns.
    Migration(name: "index-rewards") { db in
      try db.executeScript(
        """
        CREATE INDEX rewards_by_holder ON decisions(promotion, holder, ordinal)
          WHERE ordinal IS NOT NULL;
        CREATE INDEX rewards_by_cycle ON decisions(promotion, cycle_start, holder, ordinal)
          WHERE ordinal IS NOT NULL;
        CREATE INDEX rewards_by_time ON decisions(promotion, time, holder, cycle_start)
          WHERE ordinal IS NOT NULL;
        """)
    },
    // Real statements (issue 15): what the issuer posted, where each imported purchase came
    // from, the same purchase seen in a second export, and refunds that arrived before their
    // purchase. A refund's `source` is the id of the statement row it came from, so that
    // importing the statement again does not refund twice; `also_source` is the same refund
    // seen in the other kind of export (the app's and the card statement's).
    Migration(name: "statement-imports") { db in
      try db.executeScript(
        """
        CREATE TABLE postings (
          id TEXT PRIMARY KEY NOT NULL,
          card TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
          date TEXT NOT NULL,
          kind TEXT NOT NULL,
          amount INTEGER NOT NULL CHECK (amount > 0),
          transaction_id TEXT,
          reverses TEXT,
          description TEXT
        ) WITHOUT ROWID;
        CREATE INDEX postings_by_card ON postings(card, date);

        CREATE TABLE origins (
          record TEXT PRIMARY KEY NOT NULL,
          transaction_id TEXT NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
          format TEXT NOT NULL,
          source_kind TEXT NOT NULL,
          file TEXT NOT NULL,
          line INTEGER NOT NULL,
          merchant TEXT,
          method_decided_by TEXT
        ) WITHOUT ROWID;
        CREATE INDEX origins_by_transaction ON origins(transaction_id);

        ALTER TABLE refunds ADD COLUMN source TEXT;
        ALTER TABLE refunds ADD COLUMN source_kind TEXT;
        ALTER TABLE refunds ADD COLUMN also_source TEXT;
        CREATE UNIQUE INDEX refunds_by_source ON refunds(source) WHERE source IS NOT NULL;
        CREATE UNIQUE INDEX refunds_by_second_source ON refunds(also_source)
          WHERE also_source IS NOT NULL;
        CREATE INDEX refunds_by_amount ON refunds(amount, at) WHERE source_kind IS NOT NULL;

        CREATE TABLE waiting_refunds (
          id TEXT PRIMARY KEY NOT NULL,
          card TEXT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
          at INTEGER NOT NULL,
          latest_purchase INTEGER NOT NULL,
          amount INTEGER NOT NULL CHECK (amount > 0),
          merchant TEXT,
          refunded_transaction TEXT,
          format TEXT NOT NULL,
          source_kind TEXT NOT NULL,
          file TEXT NOT NULL,
          line INTEGER NOT NULL
        ) WITHOUT ROWID;
        """)
    },
    // `refunds: clawback` (issue 16): a forfeited reward took its place (ordinal, tier, channel)
    // but was taken back, so its row has both an ordinal and the reason `refunded`, which the
    // first step's CHECK forbids. SQLite cannot alter a CHECK, so the table is rebuilt with the
    // same columns and every index of it made again. The partial `rewards_by_*` indexes keep
    // `ordinal IS NOT NULL`: a forfeited row uses up a place, so the reads that count places
    // (what-if, quota recomputes) must see it; statements tell the two apart by reason.
    Migration(name: "decisions-forfeited") { db in
      try db.executeScript(
        """
        CREATE TABLE decisions_forfeited (
          promotion TEXT NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
          transaction_id TEXT NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
          holder TEXT NOT NULL,
          card TEXT NOT NULL,
          time INTEGER NOT NULL,
          cycle_start TEXT NOT NULL,
          cycle_end TEXT NOT NULL,
          reason TEXT,
          ordinal INTEGER,
          reward INTEGER,
          channel TEXT,
          enrollment TEXT,
          holder_rewards_before INTEGER NOT NULL,
          cycle_rewards_before INTEGER NOT NULL,
          quota_paid_before INTEGER,
          PRIMARY KEY (promotion, transaction_id),
          CHECK (reason IS NOT NULL OR ordinal IS NOT NULL),
          CHECK (reason IS NULL OR ordinal IS NULL OR reason = 'refunded')
        ) WITHOUT ROWID;
        INSERT INTO decisions_forfeited SELECT
          promotion, transaction_id, holder, card, time, cycle_start, cycle_end, reason,
          ordinal, reward, channel, enrollment, holder_rewards_before, cycle_rewards_before,
          quota_paid_before
          FROM decisions;
        DROP TABLE decisions;
        ALTER TABLE decisions_forfeited RENAME TO decisions;
        CREATE INDEX decisions_by_holder ON decisions(promotion, holder, ordinal);
        CREATE INDEX decisions_by_time ON decisions(promotion, time);
        CREATE INDEX decisions_by_transaction ON decisions(transaction_id);
        CREATE INDEX rewards_by_holder ON decisions(promotion, holder, ordinal)
          WHERE ordinal IS NOT NULL;
        CREATE INDEX rewards_by_cycle ON decisions(promotion, cycle_start, holder, ordinal)
          WHERE ordinal IS NOT NULL;
        CREATE INDEX rewards_by_time ON decisions(promotion, time, holder, cycle_start)
          WHERE ordinal IS NOT NULL;
        """)
    },
    // `explain` says how an import decided a purchase's payment method in the run's language;
    // the words once stored in English are kept as values instead (see MethodDecisionColumns).
    Migration(name: "method-decisions-as-values", body: MethodDecisionColumns.migrate),
    // Known banks by their code (issue 30): `交通银行` on a card becomes `bocom`, as a card added
    // now keeps it, so that it matches a promotion of `bocom`.
    Migration(name: "issuer-codes", body: IssuerCodes.migrate),
    // `txn list --waiting --holder H` and `--card C` (issue 30) read only the refunds that wait
    // on those cards, not every refund a statement import kept.
    Migration(name: "index-waiting-refunds") { db in
      try db.execute("CREATE INDEX waiting_refunds_by_card ON waiting_refunds(card, at)")
    },
  ])
}
