#!/usr/bin/env python3
"""Summarise tools/tuibench.sh runs: for each label (demo, big1000 for
arm5, big1000-ID for the other systems), the median over runs of each
run's median, in ms, and the smallest and largest peak RSS.

    tools/tuibench-summary.py DIR...   (each DIR one run of tools/tuibench.sh)
"""
import glob, json, os, statistics, sys

rows = {}
for d in sys.argv[1:]:
    for path in sorted(glob.glob(f"{d}/*.json")):
        label = os.path.basename(path)[: -len(".json")]
        try:
            j = json.load(open(path))
        except OSError:
            continue
        if "startup_ready" not in j or "press_first_output" not in j:
            continue  # a run that failed (a startup timed out on a busy machine)
        r = rows.setdefault(label, {"ready": [], "first": [], "last": [], "rss": []})
        r["ready"].append(j["startup_ready"]["median_ms"])
        r["first"].append(j["press_first_output"]["median_ms"])
        r["last"].append(j["press_last_output"]["median_ms"])
        r["rss"].append(j["peak_rss_largest_process"]["vm_hwm_kib"] / 1024)
print(f"{'':16} {'runs':>4} {'ready ms':>9} {'n: first byte ms':>17} {'n: last byte ms':>16} {'peak RSS MiB':>13}")
order = lambda label: (label != "demo", label)
for label in sorted(rows, key=order):
    r = rows[label]
    med = lambda k: statistics.median(r[k])
    rss = f"{min(r['rss']):.1f}-{max(r['rss']):.1f}" if len(r["rss"]) > 1 else f"{r['rss'][0]:.1f}"
    print(f"{label:16} {len(r['ready']):>4} {med('ready'):>9.1f} {med('first'):>17.2f} {med('last'):>16.2f} {rss:>13}")
