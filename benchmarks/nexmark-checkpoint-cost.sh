#!/usr/bin/env bash
# What checkpoints every second cost each Nexmark query: `runnel bench nexmark` without
# checkpoints and with `--checkpoint-interval`, query by query, the two alternating (the order
# flipped each round so that a drift of the machine's speed hits both alike), ROUNDS rounds.
# Prints every run as it ends (to stderr), then per query the medians of job seconds, events/s
# and process CPU seconds of each side, the median of the per-round ratios of events/s
# (with / without: 0.90 means 10 % below) and the CPU seconds the checkpoints added.
# Usage: benchmarks/nexmark-checkpoint-cost.sh [EVENTS] [QUERIES] [ROUNDS] [INTERVAL] [extra options]
#   EVENTS defaults to 10000000, QUERIES (q0,q5,...) to every bundled one, ROUNDS to 3,
#   INTERVAL to '1 s'; extra options go to `runnel bench nexmark` (e.g. --state-backend hashmap).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
events="${1:-10000000}"
queries="${2:-q0,q1,q2,q3,q4,q5,q7,q8,q9,q11,q12,q13,q14,q15,q16,q17,q18,q19,q20,q21,q22}"
rounds="${3:-3}"
interval="${4:-1 s}"
shift $(( $# < 4 ? $# : 4 ))
extra=("$@")
runs="$(mktemp)"
trap 'rm -f "$runs"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(java -version 2>&1 | head -1)," \
  "Runnel at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "(not a git checkout)"), $events events, $rounds rounds, checkpoints every $interval" >&2

# One run: appends "query mode round seconds events/s cpu" to $runs.
run() {
  local query="$1" mode="$2" round="$3" json
  local args=(bench nexmark --queries "$query" --events "$events" --parallelism 2 --output json "${extra[@]}")
  if [[ "$mode" == ckpt ]]; then
    args+=(--checkpoint-interval "$interval")
  fi
  json="$("$root/bin/runnel" "${args[@]}" 2>/dev/null | grep '^{' | tail -1)"
  local status seconds eps cpu
  status="$(sed -E 's/.*"status":"([^"]*)".*/\1/' <<<"$json")"
  if [[ "$status" != ok ]]; then
    echo "$query $mode round $round: status '$status'" >&2
    return
  fi
  seconds="$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' <<<"$json")"
  eps="$(sed -E 's/.*"events_per_second":([0-9.]+).*/\1/' <<<"$json")"
  cpu="$(sed -E 's/.*"cpu_seconds":([0-9.]+).*/\1/' <<<"$json")"
  echo "$query $mode $round $seconds $eps $cpu" | tee -a "$runs" >&2
}

IFS=',' read -r -a list <<<"$queries"
for query in "${list[@]}"; do
  for ((round = 1; round <= rounds; round++)); do
    if (( round % 2 == 1 )); then
      run "$query" none "$round"; run "$query" ckpt "$round"
    else
      run "$query" ckpt "$round"; run "$query" none "$round"
    fi
  done
done

printf '\n| query | job s none | job s ckpt | events/s none | events/s ckpt | ratio (median of rounds) | CPU s none | CPU s ckpt | CPU +%% |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for query in "${list[@]}"; do
  awk -v q="$query" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    $1 == q {
      k = $2; n[k]++; s[k, n[k]] = $4; e[k, n[k]] = $5; c[k, n[k]] = $6; byRound[k, $3] = $5
    }
    END {
      if (!n["none"] || !n["ckpt"]) { printf "| %s | (no complete runs) |\n", q; exit }
      for (k in n) {
        for (i = 1; i <= n[k]; i++) { x[i] = s[k, i] } ; ms[k] = median(x, n[k])
        for (i = 1; i <= n[k]; i++) { x[i] = e[k, i] } ; me[k] = median(x, n[k])
        for (i = 1; i <= n[k]; i++) { x[i] = c[k, i] } ; mc[k] = median(x, n[k])
      }
      m = 0
      for (key in byRound) {
        split(key, p, SUBSEP)
        if (p[1] == "ckpt" && (("none", p[2]) in byRound)) { r[++m] = byRound[key] / byRound["none", p[2]] }
      }
      printf "| %s | %.2f | %.2f | %d | %d | %.2f | %.2f | %.2f | %d |\n", q, ms["none"], ms["ckpt"],
        me["none"], me["ckpt"], median(r, m), mc["none"], mc["ckpt"], (mc["ckpt"] / mc["none"] - 1) * 100
    }' "$runs"
done
