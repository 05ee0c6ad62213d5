#!/usr/bin/env python3
"""Summarises benchmarks/journal/pile-whole.sh output: per build and archive, journal off -> on per round (process wall,
process CPU = user + sys, minor faults), the medians, and the median of each phase's on - off (wall and CPU ms)."""
import re, sys, statistics as st
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r'round (\d+) (\w+) (on|off) archive (\w+) load ([\d.]+): process wall ([\d.]+) s, user ([\d.]+) s, sys ([\d.]+) s, minflt (\d+); (.*)', line)
    if not m:
        continue
    r, b, mode, a, load, wall, user, sys_, flt, rest = m.groups()
    d = dict(load=float(load), wall=float(wall), cpu=float(user) + float(sys_), sys=float(sys_), flt=int(flt))
    p = re.search(r'phases \(wall ms, process cpu ms\): (.*?); at close: wall (\d+) ms since the JVM started, cpu (\d+) ms', rest)
    if p:
        d['phases'] = [(n.strip(), int(w), int(c)) for n, w, c in re.findall(r'([A-Za-z ]+?) (\d+) \(cpu (\d+)\)', p.group(1))]
        d['exit_wall'] = float(wall) * 1000 - int(p.group(2))
        d['exit_cpu'] = d['cpu'] * 1000 - int(p.group(3))
    w = re.search(r'writer thread cpu steps 20\.\.: ([\d.]+) ms/step', rest)
    d['writer'] = float(w.group(1)) if w else None
    t = re.search(r'rubble-journal- (\d+) \(sys (\d+)\)', rest)
    d['writer_total'] = int(t.group(1)) if t else 0
    for k, pat in (('c1', r'C1 CompilerThre (\d+)'), ('c2', r'C2 CompilerThre (\d+)'), ('main', r'java (\d+) \(sys')):
        x = re.search(pat, rest)
        d[k] = int(x.group(1)) if x else 0
    rows[(int(r), b, a, mode)] = d
rounds = sorted({k[0] for k in rows})
pct = lambda x: f"{(x - 1) * 100:+.1f} %"
for a in ('no', 'yes'):
    for b in ('old', 'new'):
        rw, rc, dphase, dexit, df, dw, dthreads = [], [], {}, [], [], [], {}
        lines = []
        for r in rounds:
            on, off = rows.get((r, b, a, 'on')), rows.get((r, b, a, 'off'))
            if not on or not off:
                continue
            rw.append(on['wall'] / off['wall']); rc.append(on['cpu'] / off['cpu']); df.append(on['flt'] - off['flt'])
            if on['writer'] is not None:
                dw.append(on['writer'])
            for k in ('c1', 'c2', 'main', 'writer_total'):
                dthreads.setdefault(k, []).append(on[k] - off[k])
            if 'phases' in on and 'phases' in off:
                for (n, w1, c1), (_, w0, c0) in zip(on['phases'], off['phases']):
                    dphase.setdefault(n, []).append((w1 - w0, c1 - c0))
                dexit.append((on['exit_wall'] - off['exit_wall'], on['exit_cpu'] - off['exit_cpu']))
            lines.append(f"  round {r}: wall {off['wall']:.2f} -> {on['wall']:.2f} s ({pct(rw[-1])}), cpu {off['cpu']:.2f} -> {on['cpu']:.2f} s"
                         f" ({pct(rc[-1])}), load {off['load']}/{on['load']}, minor faults +{df[-1]}")
        if not rw:
            continue
        print(f"{b} build, archive {a}: wall median {pct(st.median(rw))}, cpu median {pct(st.median(rc))}, rounds {len(rw)}")
        print('\n'.join(lines))
        if dphase:
            print("  on - off, medians (wall / cpu ms): " + ", ".join(
                f"{n} {st.median(x[0] for x in v):+.0f} / {st.median(x[1] for x in v):+.0f}" for n, v in dphase.items())
                  + f", after close to exit {st.median(x[0] for x in dexit):+.0f} / {st.median(x[1] for x in dexit):+.0f}")
        print("  threads before close, on - off, medians (cpu ms): " + ", ".join(f"{k} {st.median(v):+.0f}" for k, v in dthreads.items())
              + (f"; writer thread steps 20..: {st.median(dw):.3f} ms/step" if dw else ""))
