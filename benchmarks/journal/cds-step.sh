#!/usr/bin/env bash
# Does the launcher's class-data archive slow the warm step? (issue 27 item 6; docs/benchmarks.md, "Journal start:
# JNA left out, and the libraries' class-data archive".) An earlier archive of every class made the step 2.5-3x slower
# on JDK 17; this one holds no Rubble class. Interleaved pairs, RUBBLE_CDS=0 then 1, of
#   ./rubble bench pile --threads 1 --steps 300      and      ./rubble bench pyramid --threads 1 --steps 300
#   benchmarks/journal/cds-step.sh [ROUNDS]          (default 3)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rounds="${1:-3}"
"$root/rubble" --version >/dev/null # builds, and prepares the archive outside the timing
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
for r in $(seq 1 "$rounds"); do
  for scene in pile pyramid; do
    for c in 0 1; do
      l=$(cut -d' ' -f1 /proc/loadavg)
      echo "$scene round $r archive $c load $l: $(RUBBLE_CDS=$c "$root/rubble" bench $scene --threads 1 --steps 300 2>&1 | grep -E '^(scene=|cpu )' | tr '\n' ' ')"
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
