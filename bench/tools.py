#!/usr/bin/env python3
"""Helpers for bench/run: the DuckDB run, the checks, and the report. Standard library only,
except `duckdb`, which needs bench/.venv.

  tools.py duckdb SQLFILE RESULTS LABEL    run SQLFILE in the current folder, time it, append a result
  tools.py duckdb-fetch SQLFILE RESULTS LABEL OUT
                                          the same for a SELECT, its rows kept in a DuckDB table;
                                          then (untimed) write them to OUT as CSV
  tools.py verify N NAME=FILE ...          same rewards from every engine? (exit 1 and a diff if not)
  tools.py verify-fetch REWARDS FETCHED    FETCHED (holder, ordinal, transaction, reward in fen)
                                          the same rows as REWARDS' columns? (exit 1 if not)
  tools.py decisions FILE N REWARDS        N decisions, as many rewarded as REWARDS has rows
  tools.py reasons FILE [--all]            count decisions by reason (--all: every reason code must occur)
  tools.py report RESULTS N H REWARDS ...  the table of medians
  tools.py scaling RESULTS                 the --scaling table
"""

import csv
import hashlib
import io
import math
import os
import resource
import statistics
import sys
import time

REWARDS_HEADER = ["holder", "cycle_start", "cycle_end", "ordinal", "transaction", "card", "channel",
                  "time", "amount", "reward"]
REASONS = ["declined", "refunded", "not-apple-pay", "other-issuer", "ineligible-card-type",
           "ineligible-network", "supplementary-card", "foreign-currency", "outside-campaign",
           "not-enrolled", "excluded-merchant", "below-minimum", "reward-cap-reached",
           "cycle-already-rewarded", "quota-exhausted"]


def append_result(path, label, nanoseconds, max_rss_kb, note=""):
    with open(path, "a", encoding="utf-8") as f:
        f.write("%s\t%d\t%d\t%s\n" % (label, nanoseconds, max_rss_kb, note))


# --------------------------------------------------------------------------------------------
def cmd_duckdb(sql_file, results, label):
    import duckdb

    with open(sql_file, encoding="utf-8") as f:
        sql = f.read()
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    threads = con.execute("SELECT current_setting('threads')").fetchone()[0]
    started = time.perf_counter_ns()
    con.execute(sql)
    elapsed = time.perf_counter_ns() - started
    con.close()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    append_result(results, label, elapsed, rss, "duckdb %s, %s threads" % (duckdb.__version__, threads))


def cmd_duckdb_fetch(sql_file, results, label, out):
    """Times the query with its rows kept in a DuckDB table (no COPY, no conversion to Python
    objects, which took another 0.8 s at 2M), then writes them to OUT, untimed."""
    import csv
    import duckdb

    with open(sql_file, encoding="utf-8") as f:
        sql = f.read()
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    threads = con.execute("SELECT current_setting('threads')").fetchone()[0]
    started = time.perf_counter_ns()
    con.execute("CREATE TEMP TABLE result AS " + sql)
    elapsed = time.perf_counter_ns() - started
    cursor = con.execute("SELECT * FROM result")
    rows = cursor.fetchall()
    header = [column[0] for column in cursor.description]
    con.close()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with open(out, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    append_result(results, label, elapsed, rss, "duckdb %s, %s threads" % (duckdb.__version__, threads))


# --------------------------------------------------------------------------------------------
def money_fen(text):
    whole, _, frac = text.partition(".")
    if len(frac) != 2 or not whole.isdigit() or not frac.isdigit():
        raise ValueError("amount %r is not written with two decimals" % text)
    return int(whole) * 100 + int(frac)


def read_rewards(path):
    """The rewards file as canonical rows: CSV parsed (so quoting does not matter), line endings
    normalised; values compared exactly as written."""
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    text = data.decode("utf-8").replace("\r\n", "\n")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows or [c.strip().lower() for c in rows[0]] != REWARDS_HEADER:
        raise SystemExit("%s: header is %r, not the SPEC rewards header" % (path, rows[0] if rows else None))
    lines = [",".join(r) for r in rows[1:]]
    total = 0
    for r in rows[1:]:
        if len(r) != len(REWARDS_HEADER):
            raise SystemExit("%s: row with %d fields: %r" % (path, len(r), r))
        money_fen(r[8])
        total += money_fen(r[9])
    lines.sort()  # code point order, which is the order of the UTF-8 bytes
    digest = hashlib.sha256(("\n".join(lines) + "\n").encode("utf-8")).hexdigest()
    return {"count": len(lines), "sum": total, "sha256": digest, "lines": lines}


def yuan(fen):
    return "¥{:,}.{:02d}".format(*divmod(fen, 100))


def cmd_verify(transactions, pairs):
    engines = []
    for pair in pairs:
        name, _, path = pair.partition("=")
        engines.append((name, path, read_rewards(path)))
    ref_name, _, ref = engines[0]
    ok = all(e[2]["sha256"] == ref["sha256"] for e in engines)
    width = max(len(e[0]) for e in engines)
    if ok:
        print("verified: %s rewards, %s, sha256 %s, identical from %s (%s transactions)"
              % (format(ref["count"], ","), yuan(ref["sum"]), ref["sha256"][:16],
                 ", ".join(e[0] for e in engines), format(int(transactions), ",")))
        return 0
    print("MISMATCH: the engines do not agree on the rewards", file=sys.stderr)
    for name, path, r in engines:
        print("  %-*s  %9d rows  sum %12s  sha256 %s  (%s)"
              % (width, name, r["count"], yuan(r["sum"]), r["sha256"], path), file=sys.stderr)
    ref_set = set(ref["lines"])
    for name, path, r in engines[1:]:
        if r["sha256"] == ref["sha256"]:
            continue
        other = set(r["lines"])
        only_ref = sorted(ref_set - other)
        only_other = sorted(other - ref_set)
        print("diff %s vs %s: %d rows only in %s, %d only in %s; first ones:"
              % (ref_name, name, len(only_ref), ref_name, len(only_other), name), file=sys.stderr)
        for line in only_ref[:8]:
            print("  - %s" % line, file=sys.stderr)
        for line in only_other[:8]:
            print("  + %s" % line, file=sys.stderr)
    return 1


def cmd_verify_fetch(rewards_path, fetched_path):
    """The fetch-only query's rows against the same four columns of a rewards file."""
    rewards = read_rewards(rewards_path)
    expected = []
    for line in rewards["lines"]:
        r = next(csv.reader([line]))
        expected.append((r[0], r[3], r[4], str(money_fen(r[9]))))
    with open(fetched_path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    if rows[:1] != [["holder", "ordinal", "transaction", "reward"]]:
        raise SystemExit("%s: header is %r" % (fetched_path, rows[:1]))
    got = [tuple(r) for r in rows[1:]]
    expected.sort()
    got.sort()
    if got == expected:
        digest = hashlib.sha256("\n".join(",".join(r) for r in got).encode("utf-8")).hexdigest()
        print("verified: the fetch-only query's %s rows (holder, ordinal, transaction, reward) "
              "are wallet's, sha256 %s" % (format(len(got), ","), digest[:16]))
        return 0
    print("MISMATCH: the fetch-only query's rows are not wallet's: %d against %d rows"
          % (len(got), len(expected)), file=sys.stderr)
    for row in sorted(set(expected) - set(got))[:8]:
        print("  - %s" % ",".join(row), file=sys.stderr)
    for row in sorted(set(got) - set(expected))[:8]:
        print("  + %s" % ",".join(row), file=sys.stderr)
    return 1


def cmd_decisions(path, transactions, rewards_path):
    rewards = read_rewards(rewards_path)["count"]
    count = rewarded = 0
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = [c.lower() for c in next(reader)]
        outcome = header.index("outcome")
        for row in reader:
            count += 1
            if row[outcome] == "rewarded":
                rewarded += 1
    if count != int(transactions) or rewarded != rewards:
        print("MISMATCH: %s has %d decisions (%d rewarded); expected %s (%d rewarded)"
              % (path, count, rewarded, transactions, rewards), file=sys.stderr)
        return 1
    print("verified: %s decisions, %s rewarded, as in the rewards file"
          % (format(count, ","), format(rewarded, ",")))
    return 0


def cmd_reasons(path, require_all):
    counts = {}
    total = 0
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = [c.lower() for c in next(reader)]
        outcome, reason = header.index("outcome"), header.index("reason")
        for row in reader:
            key = "rewarded" if row[outcome] == "rewarded" else row[reason]
            counts[key] = counts.get(key, 0) + 1
            total += 1
    for key in ["rewarded"] + REASONS + sorted(set(counts) - set(REASONS) - {"rewarded"}):
        if key in counts or require_all:
            print("  %-24s %10s  %5.1f%%" % (key, format(counts.get(key, 0), ","),
                                             100.0 * counts.get(key, 0) / max(total, 1)))
    missing = [r for r in REASONS if r not in counts]
    unknown = sorted(set(counts) - set(REASONS) - {"rewarded"})
    if unknown:
        print("UNKNOWN reason codes: %s" % ", ".join(unknown), file=sys.stderr)
        return 1
    if require_all and (missing or "rewarded" not in counts):
        print("MISSING reason codes: %s" % ", ".join(missing or ["rewarded"]), file=sys.stderr)
        return 1
    if require_all:
        print("verified: all %d reason codes and rewards occur" % len(REASONS))
    return 0


# --------------------------------------------------------------------------------------------
def load_results(path):
    runs = {}
    notes = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            label, ns, rss, note = line.rstrip("\n").split("\t")
            runs.setdefault(label, []).append((int(ns) / 1e9, int(rss)))
            if note:
                notes[label] = note
    return runs, notes


def human_kb(kb):
    if kb >= 1024 * 1024:
        return "%.2f GiB" % (kb / 1024 / 1024)
    return "%.0f MiB" % (kb / 1024)


def machine():
    cpu = "?"
    mem = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemTotal"):
                    mem = "%.1f GiB" % (int(line.split()[1]) / 1024 / 1024)
                    break
    except OSError:
        pass
    return "%d CPUs (nproc), %s, %s RAM, load average %s" % (
        len(os.sched_getaffinity(0)), cpu, mem, " ".join("%.2f" % x for x in os.getloadavg()))


def cmd_report(results, transactions, holders, rewards_path, title):
    runs, notes = load_results(results)
    n = int(transactions)
    rewards = read_rewards(rewards_path)
    med = {k: statistics.median(s for s, _ in v) for k, v in runs.items()}
    rss = {k: max(r for _, r in v) for k, v in runs.items()}
    reps = max((len(v) for v in runs.values()), default=0)

    def row(label, key, compare=None, rows_per_s=True):
        if key not in med:
            return
        seconds = med[key]
        spread = " ".join("%.2f" % s for s, _ in runs[key])
        ratio = ""
        if compare and all(k in med for k in compare):
            other = sum(med[k] for k in compare)
            ratio = "%.2f" % (wallet / other) if other else ""
        print("%-48s %9.2f %12s %10s %9s   %s" % (
            label, seconds, format(int(n / seconds), ",") if rows_per_s and seconds else "",
            human_kb(rss[key]) if rss[key] else "", ratio, spread))

    wallet = med.get("wallet-batch", 0.0)
    print()
    print("%s: %s transactions, %s holders, %s rewards (%s); median of %d"
          % (title, format(n, ","), format(int(holders), ","), format(rewards["count"], ","),
             yuan(rewards["sum"]), reps))
    print("machine: %s" % machine())
    print()
    print("%-48s %9s %12s %10s %9s   %s" % ("", "median s", "rows/s", "peak RSS", "wallet/x", "runs (s)"))
    row("wallet batch", "wallet-batch")
    row("wallet batch --decisions", "wallet-batch-decisions")
    duck = notes.get("duckdb", "duckdb")
    row("DuckDB query + COPY (%s)" % duck, "duckdb", ["duckdb"])
    row("DuckDB tight query, rows kept in a table", "duckdb-tight", ["duckdb-tight"])
    row("DuckDB fetch-only query (holder, ordinal, transaction, reward)", "duckdb-fetch",
        ["duckdb-fetch"])
    lite = notes.get("sqlite-query", "sqlite").replace("sqlite", "SQLite")
    row("%s .import of the 3 files + indexes" % lite, "sqlite-load")
    row("%s query (to CSV)" % lite, "sqlite-query", ["sqlite-query"])
    if "sqlite-load" in med and "sqlite-query" in med:
        total = med["sqlite-load"] + med["sqlite-query"]
        print("%-48s %9.2f %12s %10s %9s" % ("%s .import + query" % lite, total,
                                              format(int(n / total), ","), "", "%.2f" % (wallet / total)))
    if "wallet-import" in med or "sqlite-store-import" in med:
        print()
        print("%-48s %9s %12s %10s %9s   %s" % ("store import of transactions.csv", "median s", "rows/s",
                                                 "peak RSS", "wallet/x", "runs (s)"))
        wallet = med.get("wallet-import", 0.0)
        row("wallet import transactions", "wallet-import")
        row("%s .import + INSERT (same schema)" % lite, "sqlite-store-import", ["sqlite-store-import"])
    if "wallet-import-skipped" in notes:
        print("wallet import transactions: skipped: wallet import not available")
    print()
    print("wallet/x: wallet's median time divided by x's (above 1: wallet is slower).")
    print("rows/s: transactions per second. Peak RSS: maximum resident set of the process "
          "(/usr/bin/time; DuckDB: the Python process).")
    return 0


def limit_kib(text):
    """A --memory value (512M, 4G, 1048576) in KiB."""
    units = {"K": 1, "M": 1 << 10, "G": 1 << 20, "T": 1 << 30}
    text = text.strip().upper().rstrip("B")
    if text and text[-1] in units:
        return int(text[:-1]) * units[text[-1]]
    return int(text) / 1024


def cmd_scaling(results):
    runs, notes = load_results(results)
    print()
    print("wallet batch scaling (median of %d), machine: %s"
          % (max(len(v) for v in runs.values()), machine()))
    print("%12s %10s %-16s %10s %10s %12s %10s  %s" % (
        "transactions", "holders", "run", "median s", "ns/row", "ns/row/lg n", "peak RSS",
        "against in memory"))
    failed = False
    in_memory = {}
    for label in runs:
        if label.startswith("wallet-batch:"):
            n = int(label.split(":")[1])
            in_memory[n] = (statistics.median(s for s, _ in runs[label]),
                            max(r for _, r in runs[label]))
    for label in sorted(runs, key=lambda k: (int(k.split(":")[1]), k)):
        n, h = (int(x) for x in label.split(":")[1:3])
        # --memory runs carry their limit as the note.
        limit = notes.get(label, "")
        memory_run = label.startswith("wallet-batch-memory")
        run = "--memory " + limit if memory_run else "in memory"
        seconds = statistics.median(s for s, _ in runs[label])
        per_row = seconds * 1e9 / n
        per_log = per_row / math.log2(n)
        peak = max(r for _, r in runs[label])
        against = ""
        if memory_run and n in in_memory:
            base_seconds, base_peak = in_memory[n]
            kib = limit_kib(limit)
            under = peak <= kib
            failed |= not under
            against = "time x%.2f; in memory needs %.1f x the limit; peak %s the limit" % (
                seconds / base_seconds, base_peak / kib, "under" if under else "OVER")
        print("%12s %10s %-16s %10.2f %10.0f %12.1f %10s  %s" % (
            format(n, ","), format(h, ","), run, seconds, per_row, per_log, human_kb(peak),
            against))
    print("n log n growth keeps ns/row/lg n flat; linear growth keeps ns/row flat.")
    if failed:
        print("a --memory run's peak resident memory went over its limit", file=sys.stderr)
        return 1
    return 0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    cmd, args = argv[1], argv[2:]
    if cmd == "duckdb":
        cmd_duckdb(*args)
        return 0
    if cmd == "duckdb-fetch":
        cmd_duckdb_fetch(*args)
        return 0
    if cmd == "verify":
        return cmd_verify(args[0], args[1:])
    if cmd == "verify-fetch":
        return cmd_verify_fetch(*args)
    if cmd == "decisions":
        return cmd_decisions(*args)
    if cmd == "reasons":
        return cmd_reasons(args[0], "--all" in args[1:])
    if cmd == "report":
        return cmd_report(*args)
    if cmd == "scaling":
        return cmd_scaling(*args)
    if cmd == "machine":
        print(machine())
        return 0
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
