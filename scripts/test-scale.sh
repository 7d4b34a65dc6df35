#!/usr/bin/env bash
# make test-scale: three fiscard instances on one PostgreSQL database and one S3-compatible store
# (s3s-fs, crates/server/examples/s3_server.rs) behind HAProxy (Debian's package), all on
# loopback ports. The driver (crates/server/examples/scale.rs) checks sessions, captcha solutions
# and attempt limits across instances, then loads the balancer (reads, logins, swaps, recharges,
# signed authorizations, uploads) while this script SIGKILLs one instance and SIGTERMs another;
# then no answered swap, recharge or authorization may be missing or stored twice, every
# answered upload must read back, the SIGTERMed instance must have drained and exited 0, and
# `fiscard admin ledger-check` must pass. Skipped (exit 0) when PostgreSQL is not reachable at
# TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
SECONDS_OF_LOAD=${SCALE_SECONDS:-24}
CARGO=${CARGO:-cargo}

if ! psql "$PG_URL" -qtAc 'SELECT 1' >/dev/null 2>&1; then
  echo "test-scale: PostgreSQL is not reachable at $PG_URL: skipped"
  exit 0
fi
if ! command -v haproxy >/dev/null 2>&1; then
  echo "==> installing HAProxy (Debian's package)"
  if [ "$(id -u)" = 0 ]; then apt-get install -y haproxy >/dev/null; else sudo apt-get install -y haproxy >/dev/null; fi
fi

echo "==> building fiscard and the test's examples"
$CARGO build --workspace --bins --examples
TARGET_DIR=$($CARGO metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
BIN=$TARGET_DIR/debug/fiscard
EXAMPLES=$TARGET_DIR/debug/examples

work=$(mktemp -d)
pids=()
db_name="fiscard_scale_$$_$RANDOM"
cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  psql "$PG_URL" -qtAc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# The database URL with its database name replaced.
base_url=${PG_URL%%\?*}
query=${PG_URL#"$base_url"}
DB_URL="${base_url%/*}/$db_name$query"
psql "$PG_URL" -qtAc "CREATE DATABASE $db_name" >/dev/null

port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
S3_PORT=$(port); LB_PORT=$(port)
A_PORT=$(port); B_PORT=$(port); C_PORT=$(port)

mkdir -p "$work/s3/fiscard-scale" "$work/data"
"$EXAMPLES/s3_server" "$work/s3" "$S3_PORT" scale-access scale-secret-key >"$work/s3.log" 2>&1 &
pids+=($!)

hex() { python3 -c 'import secrets; print(secrets.token_hex(32))'; }
export DATABASE_URL=$DB_URL
export FISCARD_DATA_DIR=$work/data
export FISCARD_WEB_DIR=$work/web
export FISCARD_UPLOADS_URL=s3://fiscard-scale/uploads
export AWS_ENDPOINT=http://127.0.0.1:$S3_PORT AWS_REGION=us-east-1 AWS_ALLOW_HTTP=true
export AWS_ACCESS_KEY_ID=scale-access AWS_SECRET_ACCESS_KEY=scale-secret-key
export FISCARD_CAPTCHA_HMAC_KEY=$(hex) FISCARD_CARD_DATA_KEY=$(hex) FISCARD_WEBHOOK_SECRET=$(hex)
export FISCARD_TRUST_PROXY=true FISCARD_CAPTCHA_MAX_NUMBER=2000 FISCARD_DB_POOL_SIZE=4
export FISCARD_SHUTDOWN_GRACE_SECS=10 FISCARD_LOG_FORMAT=json

declare -A instance_pid
start_instance() { # name port
  FISCARD_BIND=127.0.0.1:$2 "$BIN" serve >"$work/$1.log" 2>&1 &
  instance_pid[$1]=$!
  pids+=($!)
}
wait_ready() { # url
  for _ in $(seq 1 300); do
    curl -fs "$1/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "test-scale: $1 never became ready" >&2
  return 1
}

echo "==> three instances (the first migrates the database)"
start_instance a "$A_PORT"; wait_ready "http://127.0.0.1:$A_PORT"
start_instance b "$B_PORT"; start_instance c "$C_PORT"
wait_ready "http://127.0.0.1:$B_PORT"; wait_ready "http://127.0.0.1:$C_PORT"

cat >"$work/haproxy.cfg" <<CFG
global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  retry-on conn-failure empty-response
  option forwardfor
frontend fiscard
  bind 127.0.0.1:$LB_PORT
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  server a 127.0.0.1:$A_PORT check
  server b 127.0.0.1:$B_PORT check
  server c 127.0.0.1:$C_PORT check
CFG
haproxy -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
wait_ready "http://127.0.0.1:$LB_PORT"

echo "==> load through HAProxy on 127.0.0.1:$LB_PORT"
"$EXAMPLES/scale" "http://127.0.0.1:$LB_PORT" "$work/data" "$DB_URL" \
  "http://127.0.0.1:$A_PORT,http://127.0.0.1:$B_PORT,http://127.0.0.1:$C_PORT" \
  "$SECONDS_OF_LOAD" "$work/load-started" &
driver=$!
for _ in $(seq 1 600); do [ -e "$work/load-started" ] && break; kill -0 "$driver" 2>/dev/null || break; sleep 0.2; done
[ -e "$work/load-started" ] || { wait "$driver"; echo "test-scale: the driver stopped before the load" >&2; exit 1; }

sleep $((SECONDS_OF_LOAD / 3))
echo "==> SIGKILL instance a"
kill -KILL "${instance_pid[a]}"
sleep $((SECONDS_OF_LOAD / 3))
echo "==> SIGTERM instance b"
kill -TERM "${instance_pid[b]}"
b_status=0
wait "${instance_pid[b]}" || b_status=$?
[ "$b_status" = 0 ] || { echo "test-scale: instance b exited $b_status after SIGTERM" >&2; tail -5 "$work/b.log" >&2; exit 1; }
grep -q '"fiscard stopped"' "$work/b.log" || { echo "test-scale: instance b did not drain" >&2; exit 1; }
echo "instance b drained and exited 0"

driver_status=0
wait "$driver" || driver_status=$?
[ "$driver_status" = 0 ] || { echo "test-scale: the driver failed ($driver_status)" >&2; exit 1; }

echo "==> ledger check"
"$BIN" admin ledger-check
echo "test-scale: passed"
