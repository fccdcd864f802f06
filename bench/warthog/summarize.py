#!/usr/bin/env python3
"""Summarises the raw files of run.sh: per map, the median time per query of each engine and the
ratio pathkit/Warthog, for online JPS against jps2 and JPS+ against jps2+, and the build times.

usage: summarize.py OUT_FOLDER MAP...

A query's time is the median of its rounds (each round a fresh process); a map's figure is the
median over its queries (the mean beside it). Build times are the median over the rounds.
"""
import glob
import os
import statistics
import sys


def per_query_nanos(path, column):
    """Per-query times (ns) of one run, in file order, from the column named `column`."""
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    header = lines[0].split("\t")
    i = header.index(column)
    return [int(l.split("\t")[i]) for l in lines[1:]]


def build_ns(path, key):
    with open(path) as f:
        for line in f:
            words = line.split()
            if key in words:
                return int(words[words.index(key) + 1])
            if line.startswith("# build_ns") and key == "build_ns":
                return int(words[2])
    raise ValueError(f"{key} not in {path}")


def engine_times(out, engine, alg, m):
    runs = sorted(glob.glob(os.path.join(out, f"{engine}.{alg}.{m}.*.tsv")))
    per_run = [per_query_nanos(p, "nanos") for p in runs]
    if not per_run or len({len(r) for r in per_run}) != 1:
        raise ValueError(f"{engine} {alg} {m}: missing or incomplete runs")
    per_query = [statistics.median(q) / 1000 for q in zip(*per_run)]
    return statistics.median(per_query), statistics.fmean(per_query), len(runs)


def fmt(us):
    return f"{us:.3g}" if us < 100 else f"{us:.0f}"


def main():
    out, maps = sys.argv[1], sys.argv[2:]
    rows = []
    print("µs per query: median (mean) over the queries; ratio: pathkit/Warthog of the medians "
          "(of the means); build: JPS+ tables, ms")
    print()
    print("| map | pathkit JPS | Warthog jps2 | ratio | pathkit JPS+ | Warthog jps2+ | ratio "
          "| JPS+ build | jps2+ build | ratio |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for m in maps:
        pj = engine_times(out, "pathkit", "jps", m)
        wj = engine_times(out, "warthog", "jps", m)
        pp = engine_times(out, "pathkit", "jps-plus", m)
        wp = engine_times(out, "warthog", "jps-plus", m)
        pb = statistics.median(
            build_ns(p, "build_ns") / 1e6
            for p in glob.glob(os.path.join(out, f"pathkit.jps-plus.{m}.*.tsv")))
        wb = statistics.median(
            build_ns(p, "jps2+_build_ns") / 1e6
            for p in glob.glob(os.path.join(out, f"warthog.build.{m}.*.txt")))
        rows.append((pj[0] / wj[0], pp[0] / wp[0], pb / wb, pj[1] / wj[1], pp[1] / wp[1]))
        print(f"| {m} | {fmt(pj[0])} ({fmt(pj[1])}) | {fmt(wj[0])} ({fmt(wj[1])}) | "
              f"{pj[0] / wj[0]:.2f} ({pj[1] / wj[1]:.2f}) | {fmt(pp[0])} ({fmt(pp[1])}) | "
              f"{fmt(wp[0])} ({fmt(wp[1])}) | {pp[0] / wp[0]:.2f} ({pp[1] / wp[1]:.2f}) | "
              f"{pb:.2f} | {wb:.2f} | {pb / wb:.2f} |")
    if rows:
        g = [statistics.geometric_mean(c) for c in zip(*rows)]
        print(f"| geometric mean of ratios | | | {g[0]:.2f} ({g[3]:.2f}) | | | {g[1]:.2f} ({g[4]:.2f}) "
              f"| | | {g[2]:.2f} |")
        print()
        print(f"targets: JPS <= 0.8x jps2 on {sum(r[0] <= 0.8 for r in rows)} of {len(rows)} maps; "
              f"JPS+ <= 0.7x jps2+ on {sum(r[1] <= 0.7 for r in rows)} of {len(rows)}; "
              f"JPS+ build <= 1.0x jps2+ on {sum(r[2] <= 1.0 for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
