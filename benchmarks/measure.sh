# Shared by the throughput benchmarks: sourced after defining `script PARALLELISM ROWS`, which
# prints the SQL script of one run. Each run's wall time includes JVM start, Calcite's warm-up
# and job deployment, so the same job also runs over 1 row and that time is subtracted:
# rows/s = rows / (t(N) - t(1)).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

timed() { # file -> "seconds peak-rss-kb"
  /usr/bin/time -f '%e %M' -o "$work/time" "$root/bin/runnel" -f "$1" > /dev/null
  cat "$work/time"
}

measure() { # rows
  local rows="$1"
  printf '%-12s %12s %10s %14s %14s\n' parallelism rows seconds rows/s peak-rss-MiB
  for p in 1 2; do
    script "$p" 1 > "$work/base.sql"
    script "$p" "$rows" > "$work/full.sql"
    read -r base _ < <(timed "$work/base.sql")
    read -r full rss < <(timed "$work/full.sql")
    awk -v p="$p" -v n="$rows" -v b="$base" -v f="$full" -v r="$rss" 'BEGIN {
      s = f - b; printf "%-12d %12d %10.2f %14.0f %14.0f\n", p, n, s, n / s, r / 1024 }'
  done
}
