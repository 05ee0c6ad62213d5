#!/usr/bin/env bash
# Issue 27 item 7: the soft block (docs/benchmarks.md, "Soft bodies") on Rubble and on Jolt, in interleaved
# pairs (rubble, jolt, rubble, jolt, ...), each run in its own fresh JVM, single threaded, and the median of the
# per-pair ratios of stepping-thread CPU ns per tet-iteration.
#
# Usage: benchmarks/run-soft-peers.sh [--pairs N] [--steps N] [--tets "1000 10000"] [--baseline DIR] [--out FILE]
#   --baseline DIR  also run a second Rubble build in each round (DIR holds rubble-benchmarks-peers.jar and lib/,
#                   for instance main's build copied aside) and print its ratios to Jolt and to this build
# Needs `mvn -Pbench -pl benchmarks/peers -am package -DskipTests` first. Raw lines and the summary go to FILE
# (default benchmarks/peers/target/soft-peers-<UTC time>.txt).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pairs=5
steps=500
tets="1000 10000"
baseline=""
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --pairs) pairs="$2"; shift 2 ;;
    --steps) steps="$2"; shift 2 ;;
    --tets) tets="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "run-soft-peers: unknown option '$1'; allowed: --pairs --steps --tets --baseline --out" >&2; exit 2 ;;
  esac
done
case "$pairs" in ''|*[!0-9]*|0) echo "run-soft-peers: --pairs '$pairs' is not allowed; allowed: an integer >= 1" >&2; exit 2 ;; esac
if [ -n "$baseline" ] && [ ! -f "$baseline/rubble-benchmarks-peers.jar" ]; then
  echo "run-soft-peers: --baseline '$baseline' has no rubble-benchmarks-peers.jar; allowed: a directory with the jar and lib/" >&2
  exit 2
fi
cp="$root/benchmarks/peers/target/rubble-benchmarks-peers.jar:$root/benchmarks/peers/target/lib/*"
stamp="$(date -u +%Y%m%d-%H%M%S)"
out="${out:-$root/benchmarks/peers/target/soft-peers-$stamp.txt}"
mkdir -p "$(dirname "$out")"
{
  echo "# run-soft-peers $stamp, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, $(java -version 2>&1 | head -1)"
  echo "# load at start: $(uptime)"
  for t in $tets; do
    for ((i = 1; i <= pairs; i++)); do
      java -cp "$cp" dev.rubble.bench.peers.PeerMain rubble soft "$t" --steps "$steps" | sed -u "s/^/rubble $t $i /"
      java -cp "$cp" dev.rubble.bench.peers.PeerMain jolt soft "$t" --steps "$steps" | sed -u "s/^/jolt $t $i /"
      if [ -n "$baseline" ]; then
        java -cp "$baseline/rubble-benchmarks-peers.jar:$baseline/lib/*" dev.rubble.bench.peers.PeerMain rubble soft "$t" \
          --steps "$steps" | sed -u "s/^/baseline $t $i /"
      fi
    done
  done
  echo "# load at end: $(uptime)"
} | tee "$out.raw"
# per pair: ns per tet-iteration of each engine; ratios per pair; medians
awk '
  $4 == "pertet" { for (f = 5; f <= NF; f++) { split($f, kv, "="); if (kv[1] == "cpu_ns_per_tet_iteration") ns[$1, $2, $3] = kv[2]; if (kv[1] == "tets") n[$2] = kv[2] } ; sizes[$2] = 1; if ($3 > np) np = $3 }
  function median(a, k,    i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
  END {
    printf "\nns per tet-iteration (stepping-thread CPU, median step of 100..N) and ratios per interleaved pair\n"
    for (s in sizes) {
      k = 0; kb = 0
      for (i = 1; i <= np; i++) {
        r = ns["rubble", s, i]; j = ns["jolt", s, i]; b = ns["baseline", s, i]
        line = sprintf("tets=%s pair=%d rubble=%s jolt=%s rubble/jolt=%.3f", n[s], i, r, j, r / j)
        if (b != "") { line = line sprintf(" baseline=%s baseline/jolt=%.3f rubble/baseline=%.3f", b, b / j, r / b); rb[++kb] = r / b; bj[kb] = b / j }
        print line; rj[++k] = r / j
      }
      printf "tets=%s median rubble/jolt=%.3f", n[s], median(rj, k)
      if (kb > 0) printf " median baseline/jolt=%.3f median rubble/baseline=%.3f", median(bj, kb), median(rb, kb)
      printf "\n"
    }
  }' "$out.raw" | tee "$out"
cat "$out.raw" >> "$out"
rm -f "$out.raw"
echo "(written to $out)"
