#!/usr/bin/env bash
# `make bench`: the figures the budgets are checked against (README "Budgets").
# Expects `make web` to have run (pkg/ and web/dist/ built).
set -euo pipefail
cd "$(dirname "$0")/.."

# The release server: FISCARD_BIN (the Makefile sets it), else where cargo builds.
if [ -z "${FISCARD_BIN:-}" ]; then
  target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
  FISCARD_BIN="${target_dir:-target}/release/fiscard"
fi
export FISCARD_BIN

gz() { gzip -9c "$1" | wc -c; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

wasm=pkg/domain_wasm_bg.wasm
raw=$(stat -c %s "$wasm")
packed=$(gz "$wasm")
echo "== sizes"
printf 'wasm module            %8d B raw  %8d B gzip (%s)   budget 120 KB gzip\n' "$raw" "$packed" "$(kib "$packed")"

# The JavaScript a first visit loads: the entry scripts and the modules index.html preloads,
# which include the landing route's (web/vite.config.ts), so this is the product page's.
initial=0
for asset in $(grep -oE '(src|href)="/assets/[^"]+\.js"' web/dist/index.html | sed -E 's/.*"\/(assets\/[^"]+)"/\1/' | sort -u); do
  initial=$((initial + $(gz "web/dist/$asset")))
done
all=0
for asset in web/dist/assets/*.js; do all=$((all + $(gz "$asset"))); done
printf 'JS initial bundle      %8s    %8d B gzip (%s)   budget 200 KB gzip (the product page)\n' "" "$initial" "$(kib "$initial")"
printf 'JS all chunks          %8s    %8d B gzip (%s)\n' "" "$all" "$(kib "$all")"

echo "== one full-form validation (median of 51 batches of 1000)   budget 30 µs through wasm"
cargo run -q --release -p domain --example bench
node --experimental-wasm-modules --no-warnings scripts/bench-wasm.mjs

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
pids=()
pg_db=""
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  if [ -n "$pg_db" ]; then
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$data"
}
# start_server PORT DATA_DIR [DATABASE_URL]: the release server, quiet, until /healthz answers.
start_server() {
  mkdir -p "$2"
  env ${3:+DATABASE_URL="$3"} FISCARD_DATA_DIR="$2" FISCARD_BIND="127.0.0.1:$1" FISCARD_CAPTCHA_MAX_NUMBER=1000 FISCARD_LOG=warn \
    "$FISCARD_BIN" serve >"$2/server.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$1/healthz" >/dev/null 2>&1 && return
    sleep 0.1
  done
}

echo "== server: release build, embedded SQLite, one run   budgets: self/healthz ≥ 0.5; p99 of self < 50 ms during 16 logins"
data=$(mktemp -d)
trap cleanup EXIT
port=$(free_port)
start_server "$port" "$data"
cargo run -q --release -p server --example load -- "http://127.0.0.1:$port" "$data"

echo "== cards on SQLite: recharges/s (each with its PIN check), fiscard/list with 10 cards vs /healthz, ledger check"
cargo run -q --release -p server --example cards -- "http://127.0.0.1:$port" "$data" "$data/fiscard.db"

echo "== cards on PostgreSQL (127.0.0.1:5432)"
if command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_db="fiscard_bench_$$"
  pg_url="postgres://postgres@127.0.0.1:5432/$pg_db"
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $pg_db" >/dev/null
  pg_port=$(free_port)
  start_server "$pg_port" "$data/pg" "$pg_url"
  cargo run -q --release -p server --example cards -- "http://127.0.0.1:$pg_port" "$data/pg" "$pg_url"
else
  echo "PostgreSQL does not answer on 127.0.0.1:5432: skipped"
fi

echo "== uploads: 8 of 10 MB at once on the release server (local store)   target: under 16 MB extra RSS"
node scripts/bench-uploads.mjs

echo "== Lighthouse, mobile preset, release server on a fresh data directory   budgets: performance ≥ 95, accessibility 100, best practices 100"
node scripts/lighthouse/run.mjs
