#!/usr/bin/env python3
"""Summarises benchmarks/journal/handoff-ab.sh output: per build, journal off -> on per round and the medians."""
import re,sys,statistics as st
rows={}
for line in open(sys.argv[1]):
    m=re.match(r'round (\d+) (\w+) (on|off) load ([\d.]+): (.*)',line)
    if not m: continue
    r,b,mode,load,rest=m.groups()
    g=lambda pat: float(re.search(pat,rest).group(1))
    d=dict(load=float(load),wall=g(r'whole run.*?, wall (\d+) ms'),proc=g(r'process cpu (\d+) ms'),step=g(r'stepping thread cpu (\d+) ms'),
           median=g(r'median ([\d.]+) ms'))
    t=re.search(r'threads before close \(cpu ms, user\+sys\): (.*?)\s*$',rest)
    if t: d['threads']=t.group(1)
    k=re.search(r'the rest (\d+) ms',rest)
    d['rest']=float(k.group(1)) if k else None
    w=re.search(r'waited for a free buffer (-?\d+) times, (-?[\d.]+) ms',rest)
    if w: d['wait']=float(w.group(2))
    rows[(int(r),b,mode)]=d
rounds=sorted({k[0] for k in rows})
for b in ('old','new'):
    print(b)
    rw=[];rp=[];rs=[];rr=[]
    for r in rounds:
        on=rows.get((r,b,'on')); off=rows.get((r,b,'off'))
        if not on or not off: continue
        rw.append(on['wall']/off['wall']); rp.append(on['proc']/off['proc']); rs.append(on['step']/off['step'])
        rest=''
        if on['rest'] and off['rest']:
            rr.append(on['rest']/off['rest']); rest=f", wall less waiting for a core {off['rest']:.0f} -> {on['rest']:.0f} ({(rr[-1]-1)*100:+.1f} %)"
        print(f"  round {r}: wall {off['wall']:.0f} -> {on['wall']:.0f} ms ({(rw[-1]-1)*100:+.1f} %), process cpu {off['proc']:.0f} -> {on['proc']:.0f} ({(rp[-1]-1)*100:+.1f} %), stepping cpu {off['step']:.0f} -> {on['step']:.0f} ({(rs[-1]-1)*100:+.1f} %), load {off['load']}/{on['load']}, stepper's waits for the writer {on.get('wait','-')} ms{rest}")
    print(f"  median wall {(st.median(rw)-1)*100:+.1f} %, process cpu {(st.median(rp)-1)*100:+.1f} %, stepping cpu {(st.median(rs)-1)*100:+.1f} %"
          + (f", wall less waiting for a core {(st.median(rr)-1)*100:+.1f} %" if rr else "") + f"  (n={len(rw)})")
    print(f"  median of walls: off {st.median([rows[(r,b,'off')]['wall'] for r in rounds if (r,b,'off') in rows]):.0f} on {st.median([rows[(r,b,'on')]['wall'] for r in rounds if (r,b,'on') in rows]):.0f}")
