#!/usr/bin/env bash
# `make bench`: the figures the budgets are checked against (README "Budgets").
# Expects `make web` to have run (pkg/core, pkg/identity, pkg/markets and web/dist/ built) for the
# sizes and Lighthouse.
#
# BENCH_ONLY picks parts (comma-separated): sizes, validation, wallet, exchange, fund, ledger,
# server, cards, scale, uploads, lighthouse.
# Unset: all of them. `BENCH_ONLY=cards` (`make bench-cards`) needs only the release server:
# card list / healthz, recharges and authorizations on SQLite and PostgreSQL. `BENCH_ONLY=scale`
# (`make bench-scale`): a read mix and recharges on 1 and on 3 instances behind HAProxy on one
# PostgreSQL database. `BENCH_ONLY=ledger` (`make bench-ledger`): ledger postings per second
# against the database's own rate, on SQLite and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

# The release server: FISCARD_BIN (the Makefile sets it), else where cargo builds.
if [ -z "${FISCARD_BIN:-}" ]; then
  target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
  FISCARD_BIN="${target_dir:-target}/release/fiscard"
fi
export FISCARD_BIN

# part NAME: whether BENCH_ONLY asks for it.
part() { [ -z "${BENCH_ONLY:-}" ] || [[ ",${BENCH_ONLY}," == *",$1,"* ]]; }

gz() { gzip -9c "$1" | wc -c; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

if part sizes; then
echo "== sizes"
# The wasm modules (make pkg): the core module is the one a first visit can load (the account
# pages); the identity module only the profile page's dialogs and the operator console load, the markets module only the
# wallet, exchange and fund pages.
for module in core identity markets; do
  wasm=pkg/$module/domain_${module}_bg.wasm
  raw=$(stat -c %s "$wasm")
  packed=$(gz "$wasm")
  case $module in
    core) budget="budget 120 KB gzip (the first visit's)" ;;
    identity) budget="(the profile page's dialogs and the operator console only)" ;;
    markets) budget="(wallet, exchange, fund pages only)" ;;
  esac
  printf 'wasm %-8s module   %8d B raw  %8d B gzip (%s)   %s\n' "$module" "$raw" "$packed" "$(kib "$packed")" "$budget"
done

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
fi

if part validation; then
echo "== one full-form validation (median of 51 batches of 1000)   budget 30 µs through wasm"
cargo run -q --release -p domain --example bench
node --experimental-wasm-modules --no-warnings scripts/bench-wasm.mjs
fi

if part wallet; then
echo "== wallet: deposit addresses derived per second (BIP-32 public derivation and the address)"
cargo run -q --release -p server --example derive
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
pids=()
pg_dbs=()
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  for db in "${pg_dbs[@]}"; do
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  done
  rm -rf "$data"
}
# start_server PORT DATA_DIR [DATABASE_URL]: the release server, quiet, until /healthz answers
# (its log in DATA_DIR/server-PORT.log: instances may share a data directory).
start_server() {
  mkdir -p "$2"
  env ${3:+DATABASE_URL="$3"} FISCARD_DATA_DIR="$2" FISCARD_BIND="127.0.0.1:$1" FISCARD_CAPTCHA_MAX_NUMBER=1000 FISCARD_LOG=warn \
    "$FISCARD_BIN" serve >"$2/server-$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$1/healthz" >/dev/null 2>&1 && return
    sleep 0.1
  done
}

data=$(mktemp -d)
trap cleanup EXIT
port=$(free_port)
if part server || part cards || part wallet || part exchange; then
  start_server "$port" "$data"
fi

if part server; then
echo "== server: release build, embedded SQLite, one run   budgets: self/healthz ≥ 0.5; p99 of self < 50 ms during 16 logins"
cargo run -q --release -p server --example load -- "http://127.0.0.1:$port" "$data"
fi

# cards_on NAME URL DATA_DIR DATABASE_URL: the card figures against one running server.
cards_on() {
  echo "== cards on $1: recharges/s (each with its PIN check), fiscard/list with 10 cards vs /healthz (budget ≥ 0.5), ledger and counter check"
  cargo run -q --release -p server --example cards -- "$2" "$3" "$4"
  echo "== authorizations on $1: POST /api/issuer/events, 0.01 USD each; open loop at 200/400/800 offered per second (latency from when each was due) on a fresh card and on a card with 20,000 authorizations this month; closed loop with 8 clients   targets: p99 < 20 ms at 400/s on SQLite, fresh = busy, past saturation the excess declined fast"
  cargo run -q --release -p server --example authorizations -- "$2" "$3" "$4"
}

# pg_server NAME: a release server on a fresh PostgreSQL database of its own, when 127.0.0.1:5432
# answers; sets pg_url, pg_port and pg_data.
pg_server() {
  command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q || return 1
  local db="fiscard_bench_$$_$1"
  pg_dbs+=("$db")
  pg_url="postgres://postgres@127.0.0.1:5432/$db"
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $db" >/dev/null
  pg_port=$(free_port)
  pg_data="$data/pg-$1"
  start_server "$pg_port" "$pg_data" "$pg_url"
}

if part cards; then
cards_on SQLite "http://127.0.0.1:$port" "$data" "$data/fiscard.db"
if pg_server cards; then
  cards_on PostgreSQL "http://127.0.0.1:$pg_port" "$pg_data" "$pg_url"
else
  echo "== cards on PostgreSQL: 127.0.0.1:5432 does not answer: skipped"
fi
fi

# The scale-out figures: the read mix and the recharges (crates/server/examples/throughput.rs)
# on one instance, then on three behind HAProxy (as make test-scale runs them), each time on a
# fresh PostgreSQL database of its own; the ratio 3/1 (on a 2-core machine the instances and the
# load share the same cores: the ratio says more than the figures).
if part scale; then
if command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; then
  if ! command -v haproxy >/dev/null 2>&1; then
    echo "== scale: installing HAProxy (Debian's package)"
    if [ "$(id -u)" = 0 ]; then apt-get install -y haproxy >/dev/null; else sudo apt-get install -y haproxy >/dev/null; fi
  fi
  hex() { python3 -c 'import secrets; print(secrets.token_hex(32))'; }
  # What the instances must share (as in make test-scale): one's captcha solutions and card
  # data are another's.
  export FISCARD_CAPTCHA_HMAC_KEY=$(hex) FISCARD_CARD_DATA_KEY=$(hex) FISCARD_WEBHOOK_SECRET=$(hex)
  # throughput NAME URL DATA_DIR DATABASE_URL: the driver's lines; its figures ("reads=…
  # recharges=…") in $figures.
  throughput() {
    echo "-- $1"
    cargo run -q --release -p server --example throughput -- "$2" "$3" "$4" >"$data/throughput.out"
    grep -v '^figures ' "$data/throughput.out"
    figures=$(sed -n 's/^figures //p' "$data/throughput.out")
  }
  echo "== scale on PostgreSQL: a read mix (user/self, fiscard/list, wallet/balance in turn, 8 clients) and recharges (8 holders at once, each PIN checked), on 1 instance, then on 3 behind HAProxy"
  pg_server scale1
  throughput "1 instance" "http://127.0.0.1:$pg_port" "$pg_data" "$pg_url"
  one=$figures
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
  pg_server scale3
  backends=""
  for name in a b c; do
    if [ "$name" = a ]; then instance_port=$pg_port; else instance_port=$(free_port); start_server "$instance_port" "$pg_data" "$pg_url"; fi
    backends+="  server $name 127.0.0.1:$instance_port check"$'\n'
  done
  lb_port=$(free_port)
  cat >"$data/haproxy.cfg" <<CFG
global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
frontend fiscard
  bind 127.0.0.1:$lb_port
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
$backends
CFG
  haproxy -f "$data/haproxy.cfg" >"$data/haproxy.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$lb_port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
  sleep 1.5 # every server's health checks passed (rise 2 at 500 ms)
  throughput "3 instances behind HAProxy" "http://127.0.0.1:$lb_port" "$pg_data" "$pg_url"
  three=$figures
  awk -v one="$one" -v three="$three" 'BEGIN {
    split(one, a, /[ =]/); split(three, b, /[ =]/)
    printf "ratio 3/1 instances   read mix %.0f -> %.0f req/s: %.2f   recharges %.0f -> %.0f req/s: %.2f\n", a[2], b[2], b[2] / a[2], a[4], b[4], b[4] / a[4]
  }'
else
  echo "== scale on PostgreSQL: 127.0.0.1:5432 does not answer: skipped"
fi
fi

# The ledger: postings per second through the server's ledger::post against the same rows in
# plain SQL (crates/server/examples/ledger.rs), on a fresh SQLite file and a fresh PostgreSQL
# database (LEDGER_POSTINGS, default 2000).
if part ledger; then
ledger_postings=${LEDGER_POSTINGS:-2000}
echo "== ledger on SQLite: $ledger_postings two-line postings, ledger::post in Db::write (service) vs plain SQL in a transaction each (the database's own rate)"
mkdir -p "$data/ledger"
cargo run -q --release -p server --example ledger -- "$data/ledger/fiscard.db" "$ledger_postings"
if command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; then
  ledger_db="fiscard_bench_$$_ledger"
  pg_dbs+=("$ledger_db")
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $ledger_db" >/dev/null
  echo "== ledger on PostgreSQL: the same"
  cargo run -q --release -p server --example ledger -- "postgres://postgres@127.0.0.1:5432/$ledger_db" "$ledger_postings"
else
  echo "== ledger on PostgreSQL: 127.0.0.1:5432 does not answer: skipped"
fi
fi

# exchange_on NAME URL DATA_DIR DATABASE_URL: the exchange figures against one running server.
exchange_on() {
  echo "== exchange on $1: quotes/s and swaps/s (8 clients; a swap is a fresh quote then its swap, one ledger transaction), p99 of a quote while 8 clients swap, ledger check"
  cargo run -q --release -p server --example exchange -- "$2" "$3" "$4"
}

# The exchange registers its own users: on servers of its own, so the sign-ups of the parts
# before it (one client address) leave its registration limit untouched.
if part exchange; then
exchange_port=$(free_port)
start_server "$exchange_port" "$data/exchange"
exchange_on SQLite "http://127.0.0.1:$exchange_port" "$data/exchange" "$data/exchange/fiscard.db"
if pg_server exchange; then
  exchange_on PostgreSQL "http://127.0.0.1:$pg_port" "$pg_data" "$pg_url"
else
  echo "== exchange on PostgreSQL: 127.0.0.1:5432 does not answer: skipped"
fi
fi

# The fund: no server needed, the job runs against the database (FUND_POSITIONS, default 100000).
if part fund; then
fund_positions=${FUND_POSITIONS:-100000}
echo "== fund on SQLite: accrual of $fund_positions positions for one business day (target < 10 s), the no-op re-run (target < 2 s), ledger check and reconcile"
mkdir -p "$data/fund"
cargo run -q --release -p server --example fund -- "$data/fund/fiscard.db" "$fund_positions"
if command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q; then
  fund_db="fiscard_bench_$$_fund"
  pg_dbs+=("$fund_db")
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $fund_db" >/dev/null
  echo "== fund on PostgreSQL: the same"
  cargo run -q --release -p server --example fund -- "postgres://postgres@127.0.0.1:5432/$fund_db" "$fund_positions"
else
  echo "== fund on PostgreSQL: 127.0.0.1:5432 does not answer: skipped"
fi
fi

if part wallet; then
  echo "== wallet: wallet/balance (3 coins at their reference prices) vs /healthz and vs user/self, ledger check"
  cargo run -q --release -p server --example wallet -- "http://127.0.0.1:$port" "$data" "$data/fiscard.db"
fi

if part uploads; then
  echo "== uploads: 8 of 10 MB at once on the release server (local store)   target: under 16 MB extra RSS"
  node scripts/bench-uploads.mjs
fi

if part lighthouse; then
echo "== Lighthouse, mobile preset, release server on a fresh data directory   budgets: performance ≥ 95, accessibility 100, best practices 100"
node scripts/lighthouse/run.mjs
fi
