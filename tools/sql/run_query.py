#!/usr/bin/env python3
"""Run a query printed by `wallet sql` on DuckDB or Spark, over the three CSV files of a batch.

    run_query.py --engine duckdb|spark --cards F --enrollments F --transactions F \
                 --query QUERY.sql [--out OUT.csv] [--check BATCH_OUTPUT.csv] [--master URL]

Each file is read as `wallet sql` expects its tables: every value a string (no type inference),
column names lower-cased, a column the file leaves out present and NULL. The query's rows are
written as CSV (RFC 4180, as `wallet batch` writes its files) to --out, or to standard output.
With --check, they are compared with the file `wallet batch` wrote (--out for rewards,
--decisions for decisions, whose rows are in input order and are compared sorted by
transaction id, the query's order); any difference is printed and the exit status is 1.

On a cluster, submit it with spark-submit (see README):

    spark-submit --master yarn tools/sql/run_query.py --engine spark \
        --cards hdfs:///wallet/cards.csv ... --query decisions.sql --out hdfs:///wallet/out

With Spark and an --out that is not a local file path, the rows are written as a directory of
CSV parts (Spark's own writer) and --check is not available.
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


def duckdb_rows(args, query):
    import duckdb

    con = duckdb.connect()
    for table in COLUMNS:
        path = getattr(args, table)
        names = header_of(path)
        types = ", ".join(f"'c{i}': 'VARCHAR'" for i in range(len(names)))
        select = ", ".join(
            f'c{names.index(name)} AS "{name}"' if name in names else f'CAST(NULL AS VARCHAR) AS "{name}"'
            for name in COLUMNS[table]
        )
        con.execute(
            f"CREATE VIEW {table} AS SELECT {select} FROM read_csv("
            f"'{path}', header = true, auto_detect = false, delim = ',', quote = '\"', "
            f"escape = '\"', strict_mode = false, columns = {{{types}}})"
        )
    if args.out:
        # DuckDB's own writer, which quotes an empty string: the query's empty values become
        # NULL, which it writes as nothing, as batch does. The order is the query's.
        names = [column[0] for column in con.execute(f"SELECT * FROM ({query}) LIMIT 0").description]
        values = ", ".join(f"NULLIF(\"{name}\", '') AS \"{name}\"" for name in names)
        con.execute(f"COPY (SELECT {values} FROM ({query})) TO '{args.out}' (HEADER, DELIMITER ',')")
        return names, None
    result = con.execute(query)
    names = [column[0] for column in result.description]
    return names, [["" if value is None else str(value) for value in row] for row in result.fetchall()]


def spark_session(args):
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("wallet sql")
    if args.master:
        builder = builder.master(args.master)
    if args.driver_memory:
        # Read only when this script starts the JVM (python run_query.py), not under
        # spark-submit, which takes --driver-memory itself.
        builder = builder.config("spark.driver.memory", args.driver_memory)
    builder = builder.config("spark.sql.session.timeZone", "UTC").config("spark.ui.enabled", "false")
    return builder.getOrCreate()


def spark_frame(args, query):
    from pyspark.sql import functions

    spark = spark_session(args)
    spark.sparkContext.setLogLevel("ERROR")
    for table in COLUMNS:
        path = getattr(args, table)
        frame = (
            spark.read.option("header", "true").option("inferSchema", "false")
            .option("quote", '"').option("escape", '"').option("multiLine", "true")
            .option("ignoreLeadingWhiteSpace", "false").option("ignoreTrailingWhiteSpace", "false")
            .option("encoding", "UTF-8").csv(path)
        )
        names = [name.lstrip("\ufeff").strip(" \t").lower() for name in frame.columns]
        frame = frame.toDF(*names)
        for name in COLUMNS[table]:
            if name not in names:
                frame = frame.withColumn(name, functions.lit(None).cast("string"))
        frame.createOrReplaceTempView(table)
    return spark, spark.sql(query)


def write_csv(names, rows, handle):
    writer = csv.writer(handle, lineterminator="\n")
    writer.writerow(names)
    writer.writerows(rows)


def check(names, rows, path):
    """Differences between the query's rows and the file batch wrote, as lines of text."""
    with open(path, encoding="utf-8", newline="") as handle:
        batch = list(csv.reader(handle))
    header, expected = batch[0], batch[1:]
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=["duckdb", "spark"], required=True)
    parser.add_argument("--cards", required=True)
    parser.add_argument("--enrollments", required=True)
    parser.add_argument("--transactions", required=True)
    parser.add_argument("--query", required=True, help="a file holding the query ('-': stdin)")
    parser.add_argument("--out", help="where to write the rows as CSV (default: stdout)")
    parser.add_argument("--check", help="the file wallet batch wrote, to compare with")
    parser.add_argument("--master", help="Spark master URL (default: spark-submit's)")
    parser.add_argument("--driver-memory", help="Spark driver memory when not under spark-submit")
    args = parser.parse_args()
    query = sys.stdin.read() if args.query == "-" else open(args.query, encoding="utf-8").read()
    started = time.monotonic()
    if args.engine == "duckdb":
        names, rows = duckdb_rows(args, query)
        if rows is None:
            elapsed = time.monotonic() - started
            print(f"run_query: duckdb: {args.out} in {elapsed:.2f}s", file=sys.stderr)
            if args.check:
                with open(args.out, encoding="utf-8", newline="") as handle:
                    got = list(csv.reader(handle))
                return report(check(got[0], got[1:], args.check), len(got) - 1, args.check)
            return 0
    else:
        spark, frame = spark_frame(args, query)
        if args.out is None:
            names = frame.columns
            rows = [["" if value is None else str(value) for value in row] for row in frame.collect()]
        else:
            # Spark's own writer, in parallel: a directory of parts in the query's order. A local
            # --out gets them joined into one file under the header, as batch writes it.
            local = "://" not in args.out or args.out.startswith("file://")
            target = args.out + ".parts" if local else args.out
            (frame.write.mode("overwrite").option("header", "false").option("quote", '"')
                .option("escape", '"').option("emptyValue", "").option("nullValue", "")
                .option("ignoreLeadingWhiteSpace", "false").option("ignoreTrailingWhiteSpace", "false")
                .csv(target))
            elapsed = time.monotonic() - started
            if not local:
                if args.check:
                    parser.error("--check needs a local --out")
                print(f"run_query: spark: wrote {target} in {elapsed:.2f}s", file=sys.stderr)
                return 0
            join_parts(target, args.out, frame.columns)
            print(f"run_query: spark: {args.out} in {elapsed:.2f}s", file=sys.stderr)
            if args.check:
                with open(args.out, encoding="utf-8", newline="") as handle:
                    got = list(csv.reader(handle))
                return report(check(got[0], got[1:], args.check), len(got) - 1, args.check)
            return 0
    elapsed = time.monotonic() - started
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as handle:
            write_csv(names, rows, handle)
    else:
        write_csv(names, rows, sys.stdout)
    print(f"run_query: {args.engine}: {len(rows)} rows in {elapsed:.2f}s", file=sys.stderr)
    if args.check:
        return report(check(names, rows, args.check), len(rows), args.check)
    return 0


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
        out.write((",".join(names) + "\n").encode("utf-8"))
        for part in sorted(glob.glob(os.path.join(local, "part-*"))):
            with open(part, "rb") as handle:
                shutil.copyfileobj(handle, out)
    shutil.rmtree(local)


if __name__ == "__main__":
    sys.exit(main())
