#!/usr/bin/env python3
"""Writes a synthetic wallet workload: cards.csv, enrollments.csv, transactions.csv (SPEC section 4).

Python 3 standard library only; deterministic for a given --seed and set of options.

  --restricted (default)  Every card is eligible for the built-in promotion bocom-applepay-monthly
                          (issuer bocom, credit, primary) and has exactly one enrollment, from before
                          the first transaction and never removed; every transaction is apple-pay,
                          settled, CNY, with a +08:00 offset and at most 6 fraction digits. Under these
                          conditions one SQL query (bench/rewards.*.sql) computes the same rewards.
  --full                  Exercises every reason code, both channels, several enrollments per card,
                          removed enrollments, supplementary cards, aliases, odd time formats, a BOM,
                          shuffled and unknown columns. Also writes promotion.json, a promotion under
                          which all 15 reason codes occur (wallet-only runs).

Ids are ASCII strings that never look like card numbers (never 13-19 digits).
"""

import argparse
import bisect
import datetime as dt
import hashlib
import json
import os
import random
import sys
import time

OFFSET = "+08:00"

MERCHANTS = [
    "盒马鲜生", "星巴克", '"全家 FamilyMart, 静安店"', "滴滴出行", "优衣库", "美团外卖",
    "Apple Store 南京东路", "海底捞", "屈臣氏", "京东到家", "喜茶", "无印良品", "万达影城",
    "中石化加油站", "永辉超市", "宜家家居", "罗森", "西贝莜面村", "携程旅行", "大众点评",
    "茑屋书店", '"Joe\'s ""Best"" Noodles"', "7-Eleven", "Costa Coffee", "麦当劳", "",
]
MCCS = ["5411", "5814", "5499", "4121", "5651", "5812", "5732", "5912", "5311", "7832",
        "5541", "5712", "4722", "5942", "5999", "4111", "0742", ""]
EXCLUDED_MCCS = ["7995", "6051"]


def money(fen):
    return "%d.%02d" % divmod(fen, 100)


class Clock:
    """Local (+08:00) date strings for a window of whole days, and random instants within it."""

    def __init__(self, first_day, last_day):
        self.first = first_day
        self.days = (last_day - first_day).days + 1
        # One spare day on each side, for UTC renderings and boundary tricks.
        self.names = [(first_day + dt.timedelta(days=i - 1)).isoformat() for i in range(self.days + 2)]
        self.seconds = self.days * 86400
        # Boundary instants: 22nd 00:00:00 and 21st 23:59:59(.999999) of each month in the window.
        self.boundaries = []
        for i in range(self.days):
            day = first_day + dt.timedelta(days=i)
            if day.day == 22:
                self.boundaries.append(i * 86400)
            elif day.day == 21:
                self.boundaries.append(i * 86400 + 86399)

    def local_text(self, t, frac="", sep="T"):
        """t: seconds since the window's first local midnight (may lie outside the window)."""
        day, sod = divmod(t, 86400)
        h, rem = divmod(sod, 3600)
        m, s = divmod(rem, 60)
        if 0 <= day + 1 < len(self.names):
            name = self.names[day + 1]
        else:
            name = (self.first + dt.timedelta(days=day)).isoformat()
        return "%s%s%02d:%02d:%02d%s" % (name, sep, h, m, s, frac)


def fast_randrange(rng):
    """randrange(n) or randrange(a, b) from one random() call: several times faster than
    Random.randrange, and just as deterministic."""
    rnd = rng.random

    def rr(a, b=None):
        if b is None:
            return int(rnd() * a)
        return a + int(rnd() * (b - a))

    return rr


def holder_table(rng, holders, transactions):
    """Skewed activity: each holder gets a lognormal weight (a few holders are far more active
    than most), and appears in the returned table in proportion to it, at least once; a uniform
    pick from the table is a weighted pick of a holder."""
    weights = [rng.lognormvariate(0.0, 1.3) for _ in range(holders)]
    size = max(1 << 22, 8 * holders)
    scale = size / sum(weights)
    table = []
    for h, w in enumerate(weights):
        table.extend([h] * max(1, round(w * scale)))
    return table


def pick_amount(rng):
    r = rng.random()
    if r < 0.01:
        return 10000  # exactly ¥100.00
    if r < 0.02:
        return 9999  # ¥99.99
    if r < 0.34:
        return 10000 + int(rng.lognormvariate(9.0, 1.1))  # ¥100 plus a long tail
    return 100 + int(rng.random() * 9900)  # ¥1.00 .. ¥99.99


def write_lines(path, header, lines, bom=False):
    with open(path, "w", encoding="utf-8", newline="") as f:
        if bom:
            f.write("\ufeff")
        f.write(header)
        f.write("\n")
        f.write("".join(lines))


class ChunkWriter:
    def __init__(self, path, header, bom=False):
        self.f = open(path, "w", encoding="utf-8", newline="")
        if bom:
            self.f.write("\ufeff")
        self.f.write(header + "\n")
        self.buf = []

    def add(self, line):
        self.buf.append(line)
        if len(self.buf) >= 100_000:
            self.flush()

    def flush(self):
        self.f.write("".join(self.buf))
        self.buf = []

    def close(self):
        self.flush()
        self.f.close()


# ---------------------------------------------------------------------------------------------
# Restricted workload: everything eligible, one enrollment per card.


def generate_restricted(args, rng, clock, out):
    H, N = args.holders, args.transactions
    rnd, rr = rng.random, fast_randrange(rng)

    holder_cards = []  # per holder: (card id, enrollment id) of each card
    card_lines, enr_lines = [], []
    networks = ["unionpay", "unionpay", "UnionPay", "visa", "mastercard", "银联", "MC"]
    pre_window = 2 * 365 * 86400
    for h in range(1, H + 1):
        r = rnd()
        k = 1 if r < 0.70 else (2 if r < 0.92 else 3)
        mine = []
        for j in range(1, k + 1):
            card = "C%d-%d" % (h, j)
            issuer = "bocom" if rnd() < 0.97 else "BOCOM"
            card_lines.append("%s,H%d,%s,credit,primary,%s,%04d\n"
                              % (card, h, networks[rr(len(networks))], issuer, rr(10000)))
            eid = "E%d-%d" % (h, j)
            channel = "bank-app" if rnd() < 0.55 else "wallet"
            # Enrolled some time in the two years before the window (whole seconds).
            enrolled = clock.local_text(-1 - rr(pre_window)) + OFFSET
            enr_lines.append("%s,%s,%s,%s,\n" % (eid, card, channel, enrolled))
            mine.append((card, eid))
        holder_cards.append(mine)
    write_lines(os.path.join(out, "cards.csv"), "card,holder,network,type,role,issuer,last4", card_lines)
    write_lines(os.path.join(out, "enrollments.csv"), "id,card,channel,enrolled_at,removed_at", enr_lines)
    del card_lines, enr_lines

    table = holder_table(rng, H, N)
    nt = len(table)
    seconds = clock.seconds
    boundaries = clock.boundaries
    nb = len(boundaries)
    names = clock.names
    hms = ["%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60) for s in range(86400)]
    last_time = [None] * H
    merchants = MERCHANTS
    nm = len(merchants)
    mccs = MCCS
    nmcc = len(mccs)
    w = ChunkWriter(os.path.join(out, "transactions.csv"),
                    "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc")
    add = w.add
    lognorm = rng.lognormvariate
    for i in range(1, N + 1):
        h = table[int(rnd() * nt)]
        mine = holder_cards[h]
        card, eid = mine[int(rnd() * len(mine))]
        r = rnd()
        if r < 0.002 and last_time[h] is not None:
            when = last_time[h]  # exactly the same instant as this holder's previous purchase: id decides
        else:
            if r < 0.012:
                t = boundaries[int(rnd() * nb)]  # 21st 23:59:59 or 22nd 00:00:00
            else:
                t = int(rnd() * seconds)
            day, sod = divmod(t, 86400)
            r = rnd()
            if r < 0.15:
                digits = 1 + int(r * 40)  # 1..6
                frac = ".%0*d" % (digits, int(rnd() * 10 ** digits))
            elif sod == 86399 and r < 0.5:
                frac = ".999999"
            else:
                frac = ""
            when = "%sT%s%s+08:00" % (names[day + 1], hms[sod], frac)
            last_time[h] = when
        # About a third at least ¥100.00, including exactly ¥100.00; the rest ¥1.00 to ¥99.99.
        r = rnd()
        if r < 0.01:
            amount = 10000
        elif r < 0.02:
            amount = 9999
        elif r < 0.34:
            amount = 10000 + int(lognorm(9.0, 1.1))
        else:
            amount = 100 + int(rnd() * 9900)
        r = rnd()
        if r < 0.04:
            refunded = "%d.%02d" % divmod(1 + int(rnd() * (amount - 1)), 100)  # partial
        elif r < 0.045:
            refunded = "%d.%02d" % divmod(amount, 100)  # in full, status still settled
        else:
            refunded = ""
        add("T%d,%s,%s,%d.%02d,CNY,apple-pay,settled,%s,%s,%s,%s\n" % (
            i, card, when, amount // 100, amount % 100, refunded,
            eid if r > 0.9 else "", merchants[int(rnd() * nm)], mccs[int(rnd() * nmcc)]))
    w.close()
    return {}


# ---------------------------------------------------------------------------------------------
# Full workload: every reason code.

NETWORKS_FULL = [  # (written as, weight)
    ("unionpay", 30), ("UnionPay", 5), ("银联", 3), ("中国银联", 2), ("cup", 2), ("China UnionPay", 2),
    ("visa", 20), ("VISA", 2), ("mastercard", 12), ("MC", 3), ("master_card", 1),
    ("amex", 4), ("American Express", 1), ("jcb", 3), ("discover", 2),
]
ISSUERS_FULL = [("bocom", 70), ("BOCOM", 4), ("BoCom", 2), ("cmb", 10), ("icbc", 8), ("", 2)]
TYPES_FULL = [("credit", 80), ("Credit", 3), ("debit", 11), ("prepaid", 6)]
STATUS_FULL = [("settled", 85), ("Settled", 2), ("pending", 5), ("declined", 3), ("refunded", 3),
               ("reversed", 2)]
METHOD_FULL = [("apple-pay", 80), ("", 6), ("Apple-Pay", 2), ("card", 8), ("other", 4)]
CURRENCY_FULL = [("CNY", 90), ("", 5), ("cny", 2), ("USD", 2), ("HKD", 1)]


def chooser(rng, table):
    values = [v for v, _ in table]
    cum = []
    total = 0
    for _, w in table:
        total += w
        cum.append(total)
    rnd, bis = rng.random, bisect.bisect
    return lambda: values[bis(cum, rnd() * total)]


def generate_full(args, rng, clock, out):
    H, N = args.holders, args.transactions
    rnd, rr = rng.random, fast_randrange(rng)
    network, issuer, ctype = chooser(rng, NETWORKS_FULL), chooser(rng, ISSUERS_FULL), chooser(rng, TYPES_FULL)
    status, method, currency = chooser(rng, STATUS_FULL), chooser(rng, METHOD_FULL), chooser(rng, CURRENCY_FULL)

    def render(t, frac=""):
        """A time in one of the accepted spellings; t in seconds from the window's first local midnight."""
        r = rnd()
        if r < 0.80:
            return clock.local_text(t, frac) + OFFSET
        if r < 0.86:
            return clock.local_text(t - 8 * 3600, frac) + ("Z" if r < 0.85 else "z")
        if r < 0.92:
            return clock.local_text(t, frac)  # no offset: read in the promotion's time zone
        if r < 0.96:
            return clock.local_text(t, frac, sep=" ") + OFFSET
        if r < 0.98:
            return clock.local_text(t, frac, sep="t") + "+08:00"
        if frac == "" and t % 60 == 0:
            return clock.local_text(t)[:-3] + OFFSET  # HH:MM without seconds
        return clock.local_text(t - 9 * 3600, frac) + "-01:00"

    card_lines, enr_lines = [], []
    holder_cards = []
    card_enrollments = {}  # card -> list of explicit enrollment ids
    all_explicit = []
    n_enr = 0
    for h in range(1, H + 1):
        r = rnd()
        k = 1 if r < 0.65 else (2 if r < 0.90 else 3)
        mine = []
        for j in range(1, k + 1):
            mine.append(("C%d-%d" % (h, j), "primary" if rnd() < 0.97 else "Primary"))
        if rnd() < 0.10:
            mine.append(("C%d-S" % h, "supplementary"))
        for card, role in mine:
            last4 = "%04d" % rr(10000) if rnd() < 0.9 else ""
            card_lines.append("%s,H%d,%s,%s,%s,%s,%s\n" % (card, h, network(), ctype(), role, issuer(), last4))
            r = rnd()
            ne = 0 if r < 0.05 else (1 if r < 0.70 else (2 if r < 0.92 else 3))
            ids = []
            for _ in range(ne):
                n_enr += 1
                channel = ("bank-app", "wallet", "Bank-App", "WALLET")[rr(4) if rnd() < 0.05 else rr(2)]
                if rnd() < 0.6:
                    start = -rr(365 * 86400) - 1
                else:
                    start = rr(clock.seconds)
                enrolled = render(start)
                removed = ""
                if rnd() < 0.15:
                    removed = clock.local_text(start + 3600 + rr(200 * 86400)) + OFFSET
                if rnd() < 0.10:
                    eid = ""  # the tool derives <card>:<channel>:<enrolled_at>
                else:
                    eid = "E%d" % n_enr
                    ids.append(eid)
                    all_explicit.append(eid)
                enr_lines.append("%s,%s,%s,%s,%s\n" % (eid, card, channel, enrolled, removed))
            card_enrollments[card] = ids
        holder_cards.append([c for c, _ in mine])
    write_lines(os.path.join(out, "cards.csv"), "card,holder,network,type,role,issuer,last4", card_lines,
                bom=True)
    write_lines(os.path.join(out, "enrollments.csv"), "id,card,channel,enrolled_at,removed_at", enr_lines)
    del card_lines, enr_lines

    table = holder_table(rng, H, N)
    nt = len(table)
    boundaries, nb = clock.boundaries, len(clock.boundaries)
    merchants, mccs = MERCHANTS, MCCS
    # Shuffled columns, an unknown one ("note") and a column name in upper case.
    w = ChunkWriter(os.path.join(out, "transactions.csv"),
                    "Amount,id,note,card,time,currency,method,status,refunded,enrollment,merchant,MCC")
    for i in range(1, N + 1):
        mine = holder_cards[table[int(rnd() * nt)]]
        card = mine[rr(len(mine))]
        t = boundaries[rr(nb)] if rnd() < 0.01 else rr(clock.seconds)
        frac = ""
        if rnd() < 0.15:
            digits = 1 + rr(9)
            frac = ".%0*d" % (digits, rr(10 ** digits))
        amount = pick_amount(rng)
        st = status()
        r = rnd()
        if st in ("refunded", "reversed") or r < 0.01:
            refunded = money(amount)
        elif r < 0.05:
            refunded = money(rr(1, amount))
        else:
            refunded = ""
        r = rnd()
        amount_text = money(amount)
        if r < 0.03 and amount % 100 == 0:
            amount_text = str(amount // 100)  # "100"
        elif r < 0.06 and amount % 10 == 0:
            amount_text = amount_text[:-1]  # "100.5"
        elif r < 0.07:
            amount_text = " %s\t" % amount_text  # trimmed
        enr = ""
        r = rnd()
        if r < 0.15 and card_enrollments[card]:
            ids = card_enrollments[card]
            enr = ids[rr(len(ids))]
        elif r < 0.16 and all_explicit:
            enr = all_explicit[rr(len(all_explicit))]  # usually another card's: not-enrolled
        mcc = EXCLUDED_MCCS[rr(2)] if rnd() < 0.02 else mccs[rr(len(mccs))]
        note = "" if rnd() < 0.9 else "n%d" % i
        w.add("%s,T%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n" % (
            amount_text, i, note, card, render(t, frac), currency(), method(), st, refunded, enr,
            merchants[rr(len(merchants))], mcc))
    w.close()

    first = clock.first
    last = first + dt.timedelta(days=clock.days - 1)
    promotion = {
        "id": "bench-full",
        "name": "bench --full: every reason code",
        "issuer": "bocom",
        "currency": "CNY",
        "timezone": "Asia/Shanghai",
        "campaign": {"start": (first + dt.timedelta(days=14)).isoformat(),
                     "end": (last - dt.timedelta(days=15)).isoformat()},
        "minimumSpend": "100.00",
        "cardTypes": ["credit"],
        "networks": ["unionpay", "visa", "mastercard"],
        "supplementaryCards": "exclude",
        "excludedMCCs": EXCLUDED_MCCS,
        "cycleStartDay": 22,
        "rewardsPerCycle": 1,
        "maxRewardsPerHolder": 4,
        "quota": max(1, min(N // 40, H)),  # reached well before the end
        "tiers": {"bank-app": ["10.00", "15.00", "20.00", "20.00"],
                  "wallet": ["5.00", "10.00", "15.00", "20.00"]},
    }
    with open(os.path.join(out, "promotion.json"), "w", encoding="utf-8") as f:
        json.dump(promotion, f, ensure_ascii=False, indent=2)
        f.write("\n")
    return {"promotion": "promotion.json"}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, help="folder to write into (created if missing)")
    p.add_argument("--transactions", "-n", type=int, default=2_000_000)
    p.add_argument("--holders", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", default="2025-10-01", help="first local day (default 2025-10-01)")
    p.add_argument("--end", default="2026-11-30", help="last local day (default 2026-11-30)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--restricted", dest="mode", action="store_const", const="restricted")
    mode.add_argument("--full", dest="mode", action="store_const", const="full")
    p.set_defaults(mode="restricted")
    p.add_argument("--reuse", action="store_true",
                   help="do nothing if --out already holds this exact workload (same options, same generator)")
    args = p.parse_args()
    if args.transactions < 1 or args.holders < 1:
        p.error("--transactions and --holders must be at least 1")

    with open(os.path.abspath(__file__), "rb") as f:
        generator = hashlib.sha256(f.read()).hexdigest()
    wanted = {"mode": args.mode, "transactions": args.transactions, "holders": args.holders,
              "seed": args.seed, "start": args.start, "end": args.end, "generator": generator}
    manifest_path = os.path.join(args.out, "manifest.json")
    if args.reuse and os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            found = json.load(f)
        if {k: found.get(k) for k in wanted} == wanted:
            print("reusing %s workload in %s" % (args.mode, args.out), file=sys.stderr)
            return

    started = time.monotonic()
    os.makedirs(args.out, exist_ok=True)
    if os.path.exists(manifest_path):
        os.remove(manifest_path)
    rng = random.Random(args.seed)
    clock = Clock(dt.date.fromisoformat(args.start), dt.date.fromisoformat(args.end))
    extra = (generate_full if args.mode == "full" else generate_restricted)(args, rng, clock, args.out)
    manifest = dict(wanted, **extra)
    # Written last: a folder with a manifest is complete.
    with open(manifest_path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    print("generated %s workload: %d transactions, %d holders in %s (%.1f s)"
          % (args.mode, args.transactions, args.holders, args.out, time.monotonic() - started),
          file=sys.stderr)


if __name__ == "__main__":
    main()
