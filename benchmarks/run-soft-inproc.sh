#!/usr/bin/env bash
# Issue 27 item 7: the soft block (docs/benchmarks.md, "Soft bodies") on Rubble and on Jolt in the SAME JVM and on
# the same thread, their steps interleaved (PeerMain both soft N), in N fresh JVMs per block size. Each run prints
# both engines' stepping-thread CPU ns per tet-iteration (median step of 100..steps) and their ratio; whatever the
# machine does to the thread during a stretch of steps falls on both engines alike. The summary gives, per block,
# the distribution over runs (min, median, max) of Rubble's ns, Jolt's ns and the in-process ratio, and the median
# of the ratios over the steps no engine was scheduled out of (where any were).
#
# Usage: benchmarks/run-soft-inproc.sh [--runs N] [--steps N] [--tets "1000 10000"] [--out FILE]
# Needs `mvn -Pbench -pl benchmarks/peers -am package -DskipTests` first. Raw lines and the summary go to FILE
# (default benchmarks/peers/target/soft-inproc-<UTC time>.txt).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=7
steps=600
tets="1000 10000"
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --steps) steps="$2"; shift 2 ;;
    --tets) tets="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "run-soft-inproc: unknown option '$1'; allowed: --runs --steps --tets --out" >&2; exit 2 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "run-soft-inproc: --runs '$runs' is not allowed; allowed: an integer >= 1" >&2; exit 2 ;; esac
case "$steps" in ''|*[!0-9]*) echo "run-soft-inproc: --steps '$steps' is not allowed; allowed: an integer >= 101" >&2; exit 2 ;; esac
if [ "$steps" -lt 101 ]; then echo "run-soft-inproc: --steps '$steps' is not allowed; allowed: an integer >= 101" >&2; exit 2; fi
jar="$root/benchmarks/peers/target/rubble-benchmarks-peers.jar"
if [ ! -f "$jar" ]; then
  echo "run-soft-inproc: $jar is missing; build it with: mvn -B -ntp -Pbench -pl benchmarks/peers -am package -DskipTests" >&2
  exit 2
fi
cp="$jar:$root/benchmarks/peers/target/lib/*"
stamp="$(date -u +%Y%m%d-%H%M%S)"
out="${out:-$root/benchmarks/peers/target/soft-inproc-$stamp.txt}"
mkdir -p "$(dirname "$out")"
{
  echo "# run-soft-inproc $stamp, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, $(java -version 2>&1 | head -1)"
  echo "# runs=$runs steps=$steps tets=$tets"
  echo "# load at start: $(uptime)"
  for ((i = 1; i <= runs; i++)); do
    for t in $tets; do
      java -cp "$cp" dev.rubble.bench.peers.PeerMain both soft "$t" --steps "$steps" | sed -u "s/^/run $t $i /"
    done
  done
  echo "# load at end: $(uptime)"
} | tee "$out.raw"
awk '
  function val(key,    f, kv) { for (f = 4; f <= NF; f++) { split($f, kv, "="); if (kv[1] == key) return kv[2] } return "" }
  function sort(a, k,    i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } }
  function stats(a, k) { sort(a, k); return sprintf("min %.3f median %.3f max %.3f", a[1], k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2, a[k]) }
  $4 == "inproc" { s = $2; n[s] = val("tets"); k = ++cnt[s]; r[s, k] = val("rubble_ns"); j[s, k] = val("jolt_ns"); q[s, k] = val("ratio_of_medians") }
  $4 == "uninterrupted" { s = $2; ku = ++cu[s]; u[s, ku] = val("ratio_of_medians"); us[s, ku] = val("steps") }
  END {
    printf "\nin-process soft block: stepping-thread CPU ns per tet-iteration (median step of 100..N), distribution over fresh JVMs\n"
    for (s in cnt) {
      k = cnt[s]
      delete a; for (i = 1; i <= k; i++) a[i] = r[s, i]; line = sprintf("tets=%s runs=%d rubble_ns %s", n[s], k, stats(a, k))
      delete a; for (i = 1; i <= k; i++) a[i] = j[s, i]; line = line sprintf(" | jolt_ns %s", stats(a, k))
      delete a; for (i = 1; i <= k; i++) a[i] = q[s, i]; line = line sprintf(" | rubble/jolt %s", stats(a, k))
      print line
      line = sprintf("tets=%s rubble/jolt per run:", n[s]); for (i = 1; i <= k; i++) line = line sprintf(" %.3f", q[s, i]); print line
      if (cu[s] > 0) { line = sprintf("tets=%s rubble/jolt over uninterrupted steps per run:", n[s]); for (i = 1; i <= cu[s]; i++) line = line sprintf(" %.3f(%d)", u[s, i], us[s, i]); print line }
    }
  }' "$out.raw" | tee "$out"
cat "$out.raw" >> "$out"
rm -f "$out.raw"
echo "(written to $out)"
