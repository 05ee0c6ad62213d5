#!/usr/bin/env bash
# Issue 27: the budgets-on shatter bench in fresh JVMs, with and without the JIT warm-up (--jit-warmup MS,
# docs/destruction.md "The first explosion in a fresh JVM"), interleaved: per round one fresh JVM per budget
# in the order given. Per run the scene and cpu lines, the steps after the break step over 16 ms of
# stepping-thread CPU and of wall clock, and the five worst steps (CPU ms). Output and per-step files go to
# benchmarks/results/shatter-jit-warmup-TS*.
# Usage: benchmarks/proxies/shatter-jit-warmup.sh [ROUNDS=5] [STEPS=300] ["BUDGETS"="0 1000 2000"]
set -u
cd "$(dirname "$0")/../.."
n=${1:-5}
steps=${2:-300}
budgets=${3:-0 1000 2000}
ts=$(date -u +%Y%m%dT%H%MZ)
out=benchmarks/results/shatter-jit-warmup-$ts.txt
echo "## $(git rev-parse --short HEAD) rounds=$n steps=$steps budgets=[$budgets] $(nproc) cpus" | tee -a "$out"
for r in $(seq 1 "$n"); do
  for b in $budgets; do
    tsv=benchmarks/results/shatter-jit-warmup-$ts-r$r-w$b.tsv
    echo "## round $r jit_warmup=$b $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
    ./rubble bench shatter --budgets on --steps "$steps" --jit-warmup "$b" --per-step "$tsv" 2>&1 \
        | grep -E '^(jit_warmup |scene=|cpu )' | tee -a "$out"
    awk -F'\t' -v b="$b" 'NR == 1 { next }
        $1 > 2 { if ($2 > 16) cpu++; if ($3 > 16) wall++; ms[$1] = $2 }
        END { printf "after_break jit_warmup=%s steps_over_16ms cpu=%d wall=%d worst_cpu_ms", b, cpu, wall
              for (k = 0; k < 5; k++) { best = -1
                for (s in ms) if (best < 0 || ms[s] + 0 > ms[best] + 0) best = s
                printf " %s@%s", ms[best], best; delete ms[best] }
              printf "\n" }' "$tsv" | tee -a "$out"
  done
done
echo "## done $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
