#!/usr/bin/env python3
"""Postings for every reward of a rewards file, as an issuer would post them: for bench/reconcile.

  postings.py REWARDS OUT [--perturb FRACTION] [--named] [--seed S]

Each reward gets one credit of its amount on its card, dated 1-30 days after its cycle's last
day (inside its window); with --named every credit names its transaction, as an issuer that
knows it does, else none does, as on a statement. (Not a mix: a decision takes the earliest
credit that fits, so a holder's unnamed credit can pay a reward whose own credit names it,
leaving that credit unexpected; SPEC section 7.)
With --perturb F, a fraction F of rewards is perturbed instead, in equal parts: dropped, paid
with another amount, paid late (40 days after the due date), paid and clawed back; and F/4 of
the rewards' count of extra credits no reward explains is added. Standard library only;
deterministic for a given seed.
"""

import argparse
import csv
import datetime
import random
import sys


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rewards")
    parser.add_argument("out")
    parser.add_argument("--perturb", type=float, default=0.0)
    parser.add_argument("--named", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv[1:])
    rng = random.Random(args.seed)
    day = datetime.date.fromisoformat
    count = 0
    with open(args.rewards, newline="", encoding="utf-8") as source, \
            open(args.out, "w", newline="", encoding="utf-8") as sink:
        rows = csv.DictReader(source)
        out = csv.writer(sink, lineterminator="\n")
        out.writerow(["id", "card", "date", "kind", "amount", "transaction", "reverses",
                      "description"])
        cards = []
        for row in rows:
            count += 1
            cycle_end = day(row["cycle_end"])
            paid_on = cycle_end + datetime.timedelta(days=rng.randint(1, 30))
            named = row["transaction"] if args.named else ""
            amount = row["reward"]
            pid = f"P{count}"
            cards.append(row["card"])
            roll = rng.random()
            if roll < args.perturb:
                kind = int(roll / args.perturb * 4)
                if kind == 0:
                    continue
                if kind == 1:
                    amount = f"{float(amount) + 1:.2f}"
                    named = row["transaction"]
                elif kind == 2:
                    paid_on = cycle_end + datetime.timedelta(days=70)
                else:
                    out.writerow([pid, row["card"], paid_on.isoformat(), "credit", amount, named,
                                  "", ""])
                    out.writerow([f"K{count}", row["card"],
                                  (paid_on + datetime.timedelta(days=3)).isoformat(), "clawback",
                                  amount, "", pid, ""])
                    continue
            out.writerow([pid, row["card"], paid_on.isoformat(), "credit", amount, named, "", ""])
        for extra in range(int(count * args.perturb / 4)):
            out.writerow([f"X{extra}", rng.choice(cards), "2025-09-15", "credit", "3.00", "", "",
                          ""])
    print(f"{count} rewards", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
