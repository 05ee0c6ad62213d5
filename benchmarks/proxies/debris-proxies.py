#!/usr/bin/env python3
"""Issue 27 item 4, measurement only: a debris scenario file (rubble bench shatter|wall --debris-out) with
every dynamic convex hull replaced by a cheap proxy of the same mass, to see what proxies would buy
the step (PeerMain rubble debris OUT). The proxy sits at the hull's body position (its centre of mass).

  sphere: the sphere of the hull's volume;  box: the hull's axis-aligned extents scaled to its volume.

Usage: debris-proxies.py IN.json sphere|box OUT.json   (needs numpy and scipy)
"""
import json
import sys

import numpy as np
from scipy.spatial import ConvexHull

src, kind, dst = sys.argv[1], sys.argv[2], sys.argv[3]
if kind not in ("sphere", "box"):
    sys.exit("kind = '%s'; allowed: sphere, box" % kind)
d = json.load(open(src))
n = 0
for b in d["bodies"]:
    sh = b["shape"]
    if b.get("state") != "dynamic" or sh.get("type") != "convexHull":
        continue
    p = np.array(sh["points"], dtype=float)
    vol = ConvexHull(p).volume
    if kind == "sphere":
        b["shape"] = {"type": "sphere", "radius": float((3 * vol / (4 * np.pi)) ** (1 / 3))}
    else:
        ext = p.max(axis=0) - p.min(axis=0)
        s = (vol / np.prod(ext)) ** (1 / 3)
        b["shape"] = {"type": "box", "halfExtents": [float(x) for x in ext * s / 2]}
    n += 1
d["name"] = d.get("name", "") + " (hulls as %s proxies of equal volume and mass)" % kind
json.dump(d, open(dst, "w"))
print("proxies kind=%s bodies=%d file=%s" % (kind, n, dst))
