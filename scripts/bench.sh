#!/usr/bin/env bash
# `make bench`: the figures the budgets are checked against (README "Budgets").
# Expects `make web` to have run (pkg/ and web/dist/ built).
set -euo pipefail
cd "$(dirname "$0")/.."

gz() { gzip -9c "$1" | wc -c; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

wasm=pkg/domain_wasm_bg.wasm
raw=$(stat -c %s "$wasm")
packed=$(gz "$wasm")
echo "== sizes"
printf 'wasm module            %8d B raw  %8d B gzip (%s)   budget 60 KB gzip\n' "$raw" "$packed" "$(kib "$packed")"

# The JavaScript a first visit loads: the entry script and the modules it preloads.
initial=0
for asset in $(grep -oE '(src|href)="/assets/[^"]+\.js"' web/dist/index.html | sed -E 's/.*"\/(assets\/[^"]+)"/\1/' | sort -u); do
  initial=$((initial + $(gz "web/dist/$asset")))
done
all=0
for asset in web/dist/assets/*.js; do all=$((all + $(gz "$asset"))); done
printf 'JS initial bundle      %8s    %8d B gzip (%s)\n' "" "$initial" "$(kib "$initial")"
printf 'JS all chunks          %8s    %8d B gzip (%s)\n' "" "$all" "$(kib "$all")"

echo "== one full-form validation (median of 51 batches of 1000)   budget 20 µs through wasm"
cargo run -q --release -p domain --example bench
node --experimental-wasm-modules --no-warnings scripts/bench-wasm.mjs

echo "== server: release build, embedded SQLite, one run   budgets: self/healthz ≥ 0.5; p99 of self < 50 ms during 16 logins"
data=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
FISCARD_DATA_DIR="$data" FISCARD_BIND="127.0.0.1:$port" FISCARD_CAPTCHA_MAX_NUMBER=1000 FISCARD_LOG=warn \
  target/release/fiscard serve >"$data/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
cargo run -q --release -p server --example load -- "http://127.0.0.1:$port" "$data"

echo "== cards on SQLite: recharges/s (each with its PIN check), fiscard/list with 10 cards vs /healthz, ledger check"
cargo run -q --release -p server --example cards -- "http://127.0.0.1:$port" "$data" "$data/fiscard.db"

echo "== cards on PostgreSQL (127.0.0.1:5432)"
if command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_db="fiscard_bench_$$"
  pg_url="postgres://postgres@127.0.0.1:5432/$pg_db"
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $pg_db" >/dev/null
  pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p "$data/pg"
  DATABASE_URL="$pg_url" FISCARD_DATA_DIR="$data/pg" FISCARD_BIND="127.0.0.1:$pg_port" FISCARD_CAPTCHA_MAX_NUMBER=1000 FISCARD_LOG=warn \
    target/release/fiscard serve >"$data/pg/server.log" 2>&1 &
  pg_server=$!
  trap 'kill "$server" "$pg_server" 2>/dev/null; wait "$server" "$pg_server" 2>/dev/null; psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1; rm -rf "$data"' EXIT
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$pg_port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  cargo run -q --release -p server --example cards -- "http://127.0.0.1:$pg_port" "$data/pg" "$pg_url"
else
  echo "PostgreSQL does not answer on 127.0.0.1:5432: skipped"
fi
