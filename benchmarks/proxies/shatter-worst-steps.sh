#!/usr/bin/env bash
# Issue 27 item 1: the budgets-on shatter bench (hulls, warm JVM, 200 steps) N times, each a fresh JVM with its
# slot times in stepping-thread CPU (-Drubble.stageClock=cpu); per run the report lines, the number of steps
# after the break step above 16 ms of stepping-thread CPU and above 16 ms wall, and the three worst steps
# with their slots (CPU ms). Per-step files and the output go to benchmarks/results/shatter-worst-steps-TS*.
# Usage: benchmarks/proxies/shatter-worst-steps.sh [N=3] [RUBBLE_CMD=./rubble]   (about 30 s a run idle)
set -u
cd "$(dirname "$0")/../.."
n=${1:-3}
rubble=${2:-./rubble}
ts=$(date -u +%Y%m%dT%H%MZ)
out=benchmarks/results/shatter-worst-steps-$ts.txt
for r in $(seq 1 "$n"); do
  tsv=benchmarks/results/shatter-worst-steps-$ts-r$r.tsv
  echo "## run $r $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
  RUBBLE_JAVA_OPTS="${RUBBLE_JAVA_OPTS:-} -Drubble.stageClock=cpu" \
      $rubble bench shatter --budgets on --steps 200 --warmup 2 --per-step "$tsv" 2>&1 | head -2 | tee -a "$out"
  # from the break step on (break_step = 2: rows from step 2), steps over 16 ms, then the worst three with their slots
  awk -F'\t' 'NR == 1 { for (i = 9; i <= NF; i++) name[i] = $i; next }
              $1 >= 2 { if ($2 > 16) cpu++; if ($3 > 16) wall++; line[$1] = $0; ms[$1] = $2 }
              END { printf "steps_over_16ms cpu=%d wall=%d\n", cpu, wall
                    for (k = 0; k < 3; k++) { best = -1
                      for (s in ms) if (best < 0 || ms[s] > ms[best]) best = s
                      split(line[best], f, "\t"); printf "worst step=%s cpu_ms=%s wall_ms=%s alloc=%s pairs=%s", f[1], f[2], f[3], f[4], f[6]
                      for (i = 9; i in f; i++) if (f[i] >= 0.3) printf " %s=%s", name[i], f[i]
                      printf "\n"; delete ms[best] } }' "$tsv" | tee -a "$out"
done
echo "## done $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
