#!/usr/bin/env bash
# Issue 27 item 4: what each collision proxy buys on the shatter bench (budgets off, 40 steps,
# the 10 000 leaves), then budgets on (200 steps) without and with box proxies. One fresh JVM per run,
# the load average before each. Usage: benchmarks/proxies/shatter-proxies.sh [RUBBLE_CMD]
# (RUBBLE_CMD defaults to ./rubble; pass a frozen copy to keep editing sources while it runs).
set -u
cd "$(dirname "$0")/../.."
rubble=${1:-./rubble}
out=benchmarks/results/shatter-proxies-$(date -u +%Y%m%dT%H%MZ).txt
for p in none sphere box capsule; do
  echo "## $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg) proxies=$p budgets=off" >> "$out"
  $rubble bench shatter --budgets off --steps 40 --proxies $p >> "$out" 2>&1
done
for p in none box; do
  echo "## $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg) proxies=$p budgets=on" >> "$out"
  $rubble bench shatter --budgets on --steps 200 --proxies $p >> "$out" 2>&1
done
echo "## done $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out"
