#!/usr/bin/env python3
"""Run a query printed by `wallet sql` on DuckDB or Spark, over the three CSV files of a batch.

    run_query.py --engine duckdb|spark --cards F --enrollments F --transactions F \
                 --query QUERY.sql [--out OUT.csv] [--check BATCH_OUTPUT.csv] [--master URL]
                 [--query QUERY2.sql --out OUT2.csv [--check …] …]

Each file is read as `wallet sql` expects its tables: every value a string (no type inference),
column names lower-cased, a column the file leaves out present and NULL. The query's rows are
written as CSV (RFC 4180, as `wallet batch` writes its files) to --out, or to standard output.
With --check, they are compared with the file `wallet batch` wrote (--out for rewards,
--decisions for decisions, whose rows are in input order and are compared sorted by
transaction id, the query's order); any difference is printed and the exit status is 1.
Several --query (each with its --out, and --check if any has one) run in turn on the same
tables, in one Spark session.

On a cluster, submit it with spark-submit (see tools/sql/README.md):

    spark-submit --master yarn tools/sql/run_query.py --engine spark \
        --cards hdfs:///wallet/cards.csv ... --query decisions.sql --out hdfs:///wallet/out

With Spark and an --out that is not a local file path, the rows are written as a directory of
CSV parts (Spark's own writer) and --check is not available. Rows are written as batch writes
them (CRLF line ends, quotes only where needed). Spark reads each file in parallel, which a value
holding a line break inside quotes defeats: give --multiline for such files.
"""
import argparse
import csv
import io
import sys
import time

COLUMNS = {
    "cards": ["card", "holder", "network", "type", "role", "issuer", "last4"],
    "enrollments": ["id", "card", "channel", "enrolled_at", "removed_at"],
    "transactions": [
        "id", "card", "time", "amount", "currency", "method", "status", "refunded",
        "enrollment", "merchant", "mcc",
    ],
}


def header_of(path):
    """The file's column names, lower-cased, a leading BOM dropped."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return [name.strip(" \t").lower() for name in next(csv.reader(handle))]


class DuckDB:
    """The three files as DuckDB views of strings."""

    def __init__(self, args):
        import duckdb

        self.con = duckdb.connect()
        for table in COLUMNS:
            path = getattr(args, table)
            names = header_of(path)
            types = ", ".join(f"'c{i}': 'VARCHAR'" for i in range(len(names)))
            select = ", ".join(
                f'c{names.index(name)} AS "{name}"' if name in names
                else f'CAST(NULL AS VARCHAR) AS "{name}"'
                for name in COLUMNS[table]
            )
            self.con.execute(
                f"CREATE VIEW {table} AS SELECT {select} FROM read_csv("
                f"'{path}', header = true, auto_detect = false, delim = ',', quote = '\"', "
                f"escape = '\"', strict_mode = false, columns = {{{types}}})"
            )

    def run(self, query, out):
        """Writes the rows to `out` (nothing returned), or returns (names, rows) without one."""
        if out:
            # DuckDB's own writer, which quotes an empty string: the query's empty values become
            # NULL, which it writes as nothing, as batch does; lines end in CRLF, as batch's
            # (RFC 4180) do. The order is the query's.
            names = [c[0] for c in self.con.execute(f"SELECT * FROM ({query}) LIMIT 0").description]
            values = ", ".join(f"NULLIF(\"{name}\", '') AS \"{name}\"" for name in names)
            self.con.execute(
                f"COPY (SELECT {values} FROM ({query})) TO '{out}' "
                f"(HEADER, DELIMITER ',', NEW_LINE e'\\r\\n')")
            return None
        result = self.con.execute(query)
        names = [column[0] for column in result.description]
        return names, [["" if v is None else str(v) for v in row] for row in result.fetchall()]


class Spark:
    """The three files as Spark temporary views of strings."""

    def __init__(self, args):
        from pyspark.sql import SparkSession, functions

        builder = SparkSession.builder.appName("wallet sql")
        if args.master:
            builder = builder.master(args.master)
        if args.driver_memory:
            # Read only when this script starts the JVM (python run_query.py), not under
            # spark-submit, which takes --driver-memory itself.
            builder = builder.config("spark.driver.memory", args.driver_memory)
        self.spark = builder.config("spark.ui.enabled", "false").getOrCreate()
        self.spark.sparkContext.setLogLevel("ERROR")
        for table in COLUMNS:
            frame = (
                self.spark.read.option("header", "true").option("inferSchema", "false")
                .option("quote", '"').option("escape", '"')
                # A value with a line break inside quotes needs multiLine, which reads each
                # file in one task: off unless asked for.
                .option("multiLine", "true" if args.multiline else "false")
                .option("ignoreLeadingWhiteSpace", "false")
                .option("ignoreTrailingWhiteSpace", "false")
                .option("encoding", "UTF-8").csv(getattr(args, table))
            )
            names = [name.lstrip("\ufeff").strip(" \t").lower() for name in frame.columns]
            frame = frame.toDF(*names)
            for name in COLUMNS[table]:
                if name not in names:
                    frame = frame.withColumn(name, functions.lit(None).cast("string"))
            frame.select(*COLUMNS[table]).createOrReplaceTempView(table)

    def run(self, query, out):
        """As DuckDB.run; an `out` URL (hdfs://, s3a://) gets Spark's directory of parts."""
        frame = self.spark.sql(query)
        if not out:
            return frame.columns, [
                ["" if v is None else str(v) for v in row] for row in frame.collect()]
        # Spark's own writer, in parallel: a directory of parts in the query's order. A local
        # --out gets them joined into one file under the header, as batch writes it.
        local = "://" not in out or out.startswith("file://")
        target = out + ".parts" if local else out
        (frame.write.mode("overwrite").option("header", "false").option("quote", '"')
            .option("escape", '"').option("emptyValue", "").option("nullValue", "")
            .option("ignoreLeadingWhiteSpace", "false").option("ignoreTrailingWhiteSpace", "false")
            .option("lineSep", "\r\n").csv(target))
        if local:
            join_parts(target, out, frame.columns)
        return None


def write_csv(names, rows, handle):
    writer = csv.writer(handle, lineterminator="\r\n")
    writer.writerow(names)
    writer.writerows(rows)


def read_csv(path):
    with open(path[len("file://"):] if path.startswith("file://") else path,
              encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    return rows[0], rows[1:]


def check(names, rows, path):
    """Differences between the query's rows and the file batch wrote, as lines of text."""
    header, expected = read_csv(path)
    if header == COLUMN_ORDER_DECISIONS:
        expected.sort(key=lambda row: row[0].encode("utf-8"))
    problems = []
    if header != names:
        problems.append(f"header: query {names}, batch {header}")
    for index in range(max(len(rows), len(expected))):
        got = rows[index] if index < len(rows) else None
        want = expected[index] if index < len(expected) else None
        if got != want:
            problems.append(f"row {index + 1}: query {got}, batch {want}")
            if len(problems) > 20:
                problems.append("…")
                break
    return problems


COLUMN_ORDER_DECISIONS = [
    "transaction", "holder", "card", "cycle_start", "outcome", "reason", "ordinal", "reward",
]


def report(problems, count, path):
    """Prints the outcome of --check and returns the exit status."""
    if problems:
        print("run_query: the query's rows differ from batch's:", file=sys.stderr)
        for line in problems:
            print("  " + line, file=sys.stderr)
        return 1
    print(f"run_query: {count} rows equal {path}", file=sys.stderr)
    return 0


def join_parts(folder, path, names):
    """Joins the CSV parts Spark wrote into `folder`, in order, into one file under a header."""
    import glob
    import os
    import shutil

    local = folder[len("file://"):] if folder.startswith("file://") else folder
    with open(path[len("file://"):] if path.startswith("file://") else path, "wb") as out:
        out.write((",".join(names) + "\r\n").encode("utf-8"))
        for part in sorted(glob.glob(os.path.join(local, "part-*"))):
            with open(part, "rb") as handle:
                shutil.copyfileobj(handle, out)
    shutil.rmtree(local)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=["duckdb", "spark"], required=True)
    parser.add_argument("--cards", required=True)
    parser.add_argument("--enrollments", required=True)
    parser.add_argument("--transactions", required=True)
    parser.add_argument("--query", action="append", required=True,
                        help="a file holding a query ('-': standard input); may be repeated")
    parser.add_argument("--out", action="append", default=[],
                        help="where to write the rows as CSV (default: standard output)")
    parser.add_argument("--check", action="append", default=[],
                        help="the file wallet batch wrote, to compare with")
    parser.add_argument("--master", help="Spark master URL (default: spark-submit's)")
    parser.add_argument("--driver-memory", help="Spark driver memory when not under spark-submit")
    parser.add_argument("--multiline", action="store_true",
                        help="Spark: allow line breaks inside quoted values (reads each file in "
                             "one task)")
    args = parser.parse_args()
    count = len(args.query)
    if (args.out and len(args.out) != count) or (args.check and len(args.check) != count):
        parser.error("give each --query its --out, and its --check if any has one")
    if count > 1 and not args.out:
        parser.error("several queries need an --out each")
    started = time.monotonic()
    engine = DuckDB(args) if args.engine == "duckdb" else Spark(args)
    print(f"run_query: {args.engine}: tables ready in {time.monotonic() - started:.2f}s",
          file=sys.stderr)
    status = 0
    for index, path in enumerate(args.query):
        query = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        out = args.out[index] if args.out else None
        started = time.monotonic()
        result = engine.run(query, out)
        elapsed = time.monotonic() - started
        if result is None:
            print(f"run_query: {args.engine}: {out} in {elapsed:.2f}s", file=sys.stderr)
            if args.check:
                if "://" in out and not out.startswith("file://"):
                    parser.error("--check needs a local --out")
                names, rows = read_csv(out)
            else:
                continue
        else:
            names, rows = result
            if out:
                with open(out, "w", encoding="utf-8", newline="") as handle:
                    write_csv(names, rows, handle)
            else:
                write_csv(names, rows, sys.stdout)
            print(f"run_query: {args.engine}: {len(rows)} rows in {elapsed:.2f}s", file=sys.stderr)
        if args.check:
            status = max(status, report(check(names, rows, args.check[index]), len(rows),
                                        args.check[index]))
    return status


if __name__ == "__main__":
    sys.exit(main())
