#!/usr/bin/env python3
"""Follow fray's memory through a run, as tools/tuibench.sh runs it: open
FILE in tmux at 120x40, wait for its first combatant's name, wait a
second, press KEY (after PRE, when given) PRESSES times 30 ms apart, wait
1.5 s, quit. /proc/PID/status is read every millisecond; the high-water
mark (VmHWM), the heap's and the executable's pages (RssAnon, RssFile)
are printed at each step, and written to OUT.samples with the steps in
OUT.marks. With a fray built with memtrace.go.txt (README.md here), the
runtime's figures go to OUT.metrics and GODEBUG=gctrace=1 to OUT.gc.

    trace.py FRAY FILE KEY OUT [PRESSES] [PRE]
"""
import os, re, subprocess, sys, threading, time

fray, path, key, out = sys.argv[1:5]
presses = int(sys.argv[5]) if len(sys.argv) > 5 else 100
pre = sys.argv[6] if len(sys.argv) > 6 else ""
tmux = ["tmux", "-L", "memtrace"]
session = "memtrace"
first = next(m.group(1) for m in map(re.compile(r'^name = "(.*)"$').match, open(path)) if m)
env = f"FRAY_HOME={os.path.dirname(os.path.abspath(path))} FRAY_METRICS={out}.metrics GODEBUG=gctrace=1"
if os.environ.get("FRAY_ALLOCS"):
    env += " FRAY_ALLOCS=1"
t0 = time.monotonic()
subprocess.run(tmux + ["new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                      f"exec env {env} {fray} {path} 2>{out}.gc"], check=True)
pid = int(subprocess.check_output(tmux + ["list-panes", "-t", session, "-F", "#{pane_pid}"]))
samples, marks, done = [], [], False
keys = ("VmHWM", "VmRSS", "RssAnon", "RssFile")


def sample():
    while not done:
        try:
            status = open(f"/proc/{pid}/status").read()
        except OSError:
            return
        found = [re.search(k + r":\s+(\d+)", status) for k in keys]
        if None in found:
            return  # the process is ending
        samples.append((time.monotonic() - t0, {k: int(m.group(1)) for k, m in zip(keys, found)}))
        time.sleep(0.001)


def mark(what):
    marks.append((time.monotonic() - t0, what))
    if os.environ.get("FRAY_ALLOCS"):
        open(f"{out}.metrics.trigger", "w").close()
        time.sleep(0.1)


sampler = threading.Thread(target=sample)
sampler.start()
send = lambda k: subprocess.run(tmux + ["send-keys", "-t", session, k])
while first not in subprocess.check_output(tmux + ["capture-pane", "-p", "-t", session]).decode():
    time.sleep(0.005)
mark("ready")
time.sleep(1)
mark("first press")
for _ in range(presses):
    if pre:
        send(pre)
        time.sleep(0.03)
    send(key)
    time.sleep(0.03)
mark("last press")
time.sleep(1.5)
mark("quit")
send("q")
time.sleep(0.5)
done = True
sampler.join()
with open(out + ".samples", "w") as f:
    f.writelines(f"{t:.4f} " + " ".join(str(d[k]) for k in keys) + "\n" for t, d in samples)
with open(out + ".marks", "w") as f:
    f.writelines(f"{t:.4f} {m}\n" for t, m in marks)
MiB = lambda kib: f"{kib / 1024:.2f}"
for t, m in marks:
    d = [d for s, d in samples if s <= t][-1]
    print(f"{m:12} {t:7.3f} s  VmHWM {MiB(d['VmHWM'])}  RSS {MiB(d['VmRSS'])}  anon {MiB(d['RssAnon'])}  file {MiB(d['RssFile'])} MiB")
hwm = max(d["VmHWM"] for _, d in samples)
print(f"peak {MiB(hwm)} MiB, first at {next(t for t, d in samples if d['VmHWM'] == hwm):.3f} s")
