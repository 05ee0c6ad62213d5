#!/usr/bin/env bash
# Issue 27 item 3: the shatter bench with budgets on, cold and warm JVM, hulls and box proxies; the
# per-step file of each run beside the output. One fresh JVM per line, load average before each.
# Usage: benchmarks/proxies/shatter-budgets-on.sh [RUBBLE_CMD]   (defaults to ./rubble)
set -u
cd "$(dirname "$0")/../.."
rubble=${1:-./rubble}
ts=$(date -u +%Y%m%dT%H%MZ)
out=benchmarks/results/shatter-budgets-on-$ts.txt
for round in 1 2; do
  for p in none box; do
    for w in 0 2; do
      echo "## round $round $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg) proxies=$p warmup=$w" >> "$out"
      $rubble bench shatter --budgets on --steps 200 --proxies $p --warmup $w \
          --per-step benchmarks/results/shatter-budgets-on-$ts-r$round-$p-w$w.tsv >> "$out" 2>&1
    done
  done
done
echo "## done $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out"
