#!/usr/bin/env python3
"""Writes collapse-10k.json: 10 000 boxes that burst outward and rain onto the floor, the viewer's
frame-rate benchmark (docs/benchmarks.md, "Viewer"). Usage: benchmarks/viewer/collapse-10k.py OUT.json"""
import json
import random
import sys

random.seed(5)
bodies = [{"id": "floor", "state": "static", "shape": {"type": "box", "halfExtents": [30, 0.5, 30]}, "position": [0, -0.5, 0]}]
n = 0
for iy in range(16):
    for ix in range(25):
        for iz in range(25):
            x, z, y = (ix - 12) * 0.34, (iz - 12) * 0.34, 1.0 + iy * 0.34
            bodies.append({"id": "p%d" % n, "shape": {"type": "box", "halfExtents": [0.1, 0.07, 0.12]},
                           "position": [round(x, 3), round(y, 3), round(z, 3)],
                           "angularVelocity": [round(random.uniform(-3, 3), 2) for _ in range(3)],
                           "linearVelocity": [round(x * 0.8, 3), round(random.uniform(0, 1.5), 3), round(z * 0.8, 3)]})
            n += 1
scenario = {"format": "rubble-scenario/1", "steps": 150, "bodies": bodies,
            "name": "collapse-10k: 10 000 boxes burst outward and rain onto the floor (the viewer's frame-rate benchmark)"}
with open(sys.argv[1], "w") as f:
    json.dump(scenario, f, separators=(",", ":"))
