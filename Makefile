# fiscard: one-command run and test on a fresh machine (see README.md).
#
#   make run     build everything and start the server (API + web app) on http://127.0.0.1:8080
#   make test    every test: Rust (incl. shared vectors; the server suite on SQLite, and on
#                PostgreSQL when TEST_DATABASE_URL is set), the web app's generated API types
#                against the server's OpenAPI document, wasm vectors and web tests, lints
#                (rustfmt, clippy, the web app's ESLint)
#   make api-types  write the web app's API types again from the server's OpenAPI document
#   make test-scale  three instances on PostgreSQL and an S3-compatible store behind HAProxy,
#                one killed and one stopped under load (skipped when PostgreSQL is not reachable)
#   make bench   size and speed figures (BENCH_ONLY=cards, or `make bench-cards`, for the card
#                figures alone: card list, recharges, authorizations; `make bench-exchange` for
#                quotes/s, swaps/s and a quote's p99 under load; `make bench-fund` for the
#                accrual of 100,000 positions for a day and its no-op re-run; `make bench-scale`
#                for a read mix and recharges on 1 and 3 instances behind HAProxy on PostgreSQL;
#                `make bench-ledger` for ledger postings/s against the database's own rate)
#
# Each step installs what it needs first (wasm target, wasm-bindgen-cli, wasm-pack, npm
# packages), so the only prerequisites are the stock Rust and Node toolchains.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
# Where cargo builds: target/ unless CARGO_TARGET_DIR (or a cargo config) says otherwise, as
# cargo itself reports it.
TARGET_DIR := $(or $(shell $(CARGO) metadata --format-version 1 --no-deps 2>/dev/null | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p'),target)
SERVER := $(TARGET_DIR)/release/fiscard
WASM_OPT := web/node_modules/.bin/wasm-opt
# The browser's three wasm modules, built from the one domain crate (crates/domain-wasm's
# features): the core module every account page loads, the identity module (basic identity,
# investor certification, questionnaires, their uploads, the operator console's forms) that only
# the profile page and the console load, and the
# markets module (wallet, exchange, fund) that only their pages load. Which module checks a form
# is the domain's form registry's (domain::FormName::module).
CORE_WASM := pkg/core/domain_core_bg.wasm
IDENTITY_WASM := pkg/identity/domain_identity_bg.wasm
MARKETS_WASM := pkg/markets/domain_markets_bg.wasm
# wasm-opt: --converge repeats -Oz until it stops shrinking; --low-memory-unused lets it fold
# address arithmetic on the promise that addresses below 1 KiB are never used. Rust places the
# 1 MiB stack first, growing down to 0, so only a stack within 1 KiB of overflowing would touch
# them; the module reads only the page's own form values, and no form nests that deep.
# Features the wasm module may use (matching what rustc emits for wasm32-unknown-unknown).
WASM_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	--enable-mutable-globals --enable-reference-types --enable-multivalue

DOMAIN_SOURCES := $(shell find crates/domain crates/domain-wasm -type f \( -name '*.rs' -o -name '*.toml' -o -name '*.json' \)) Cargo.toml Cargo.lock

.PHONY: help tools deps pkg api-types check-api-types web server server-debug run test test-scale test-rust test-web test-e2e e2e-deps lint bench bench-cards bench-exchange bench-fund bench-scale bench-ledger clean

help:
	@echo "make run    build everything and start the server on http://127.0.0.1:8080"
	@echo "make test   run every test and lint"
	@echo "make bench  print size and speed figures"
	@echo "make api-types  write web/src/lib/api-types.ts again from the server's OpenAPI document"

## Tools and packages ---------------------------------------------------------------------

tools:
	@bash scripts/install-tools.sh

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

deps: tools web/node_modules/.installed

## The wasm packages (pkg/core, pkg/identity, pkg/markets) ------------------------------------

# wasm-module NAME CARGO-FEATURE-ARGS: the package pkg/NAME (domain_NAME.js, domain_NAME_bg.wasm,
# domain_NAME.d.ts) of crates/domain-wasm built with those features.
define wasm-module
	wasm-pack --quiet build crates/domain-wasm --profile wasm-release --target bundler --out-dir ../../pkg/$(1) --out-name domain_$(1) --mode no-install --no-pack --no-opt -- $(2)
	$(WASM_OPT) -Oz --converge --low-memory-unused --strip-debug --strip-producers $(WASM_FEATURES) pkg/$(1)/domain_$(1)_bg.wasm -o pkg/$(1)/domain_$(1)_bg.wasm
endef

$(CORE_WASM): $(DOMAIN_SOURCES) | deps
	$(call wasm-module,core,)

# One after another, never beside each other: every build links into the same file of cargo's
# target directory.
$(IDENTITY_WASM): $(DOMAIN_SOURCES) | deps $(CORE_WASM)
	$(call wasm-module,identity,--no-default-features --features identity)

$(MARKETS_WASM): $(DOMAIN_SOURCES) | deps $(IDENTITY_WASM)
	$(call wasm-module,markets,--no-default-features --features markets)

pkg: $(CORE_WASM) $(IDENTITY_WASM) $(MARKETS_WASM)

## The web app's API types -------------------------------------------------------------------

# web/src/lib/api-types.ts is generated from the server's OpenAPI document, as the debug binary
# prints it (`fiscard openapi`), by openapi-typescript (web/scripts/api-types.mjs). It is
# committed; `make api-types` writes it again, and `check-api-types` (part of `make test`) fails
# while it differs from what the document gives. The binary is the one `cargo test --workspace`
# builds (server-debug): after test-rust, or when nothing changed, cargo finds it up to date in
# a moment, and on a fresh clone it is built once for both.
API_TYPES := web/src/lib/api-types.ts
DEBUG_SERVER := $(TARGET_DIR)/debug/fiscard

# The document into a temporary directory ($$tmp, removed when the recipe ends), then the types
# beside it ($$tmp/api-types.ts).
define generate-api-types
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(DEBUG_SERVER) openapi > "$$tmp/openapi.json" && \
	node web/scripts/api-types.mjs "$$tmp/openapi.json" "$$tmp/api-types.ts"
endef

api-types: server-debug web/node_modules/.installed
	$(generate-api-types) && mv "$$tmp/api-types.ts" $(API_TYPES)
	@echo "==> wrote $(API_TYPES)"

check-api-types: server-debug web/node_modules/.installed
	@$(generate-api-types) && \
	if ! diff -u $(API_TYPES) "$$tmp/api-types.ts"; then \
		echo "$(API_TYPES) is not what the server's OpenAPI document gives: run \`make api-types\` and commit it" >&2; \
		exit 1; \
	fi

## The web app ----------------------------------------------------------------------------

web: pkg
	cd web && $(NPM) run build

## The server ---------------------------------------------------------------------------

server:
	$(CARGO) build --release -p server

# The embedded default: SQLite and generated secrets under ./data; mail to ./data/outbox.
run: web server
	@echo "==> fiscard on http://127.0.0.1:8080 (Ctrl-C stops it; mail goes to ./data/outbox)"
	$(SERVER) serve

## Tests ----------------------------------------------------------------------------------

test: lint test-rust test-web test-e2e test-scale

# Scale-out (DESIGN §14): scripts/test-scale.sh; TEST_DATABASE_URL names the PostgreSQL server
# (default postgres://postgres@127.0.0.1:5432/postgres), skipped when it does not answer.
test-scale:
	CARGO="$(CARGO)" bash scripts/test-scale.sh

# The web app's lint reads its types, the wasm packages' (pkg/) among them, as the type check does.
lint: pkg
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p domain-wasm --target wasm32-unknown-unknown -- -D warnings
	$(CARGO) clippy -p domain-wasm --target wasm32-unknown-unknown --no-default-features --features identity -- -D warnings
	$(CARGO) clippy -p domain-wasm --target wasm32-unknown-unknown --no-default-features --features markets -- -D warnings
	cd web && $(NPM) run lint

test-rust:
	env -u TEST_DATABASE_URL $(CARGO) test --workspace
	@if [ -n "$${TEST_DATABASE_URL:-}" ]; then \
		echo "==> the server suite again, on PostgreSQL"; \
		$(CARGO) test -p server; \
	else \
		echo "==> TEST_DATABASE_URL is not set: the server suite ran on SQLite only"; \
	fi

# The agreement test (web/src/testing/agreement.test.ts) asks the natively compiled domain; the
# fake server of the component tests (web/src/testing/mock-api.ts) checks its answers against
# the server's OpenAPI document, written beside the builds.
test-web: pkg check-api-types
	$(CARGO) build -p domain --example oracle
	$(DEBUG_SERVER) openapi > $(TARGET_DIR)/openapi.json
	cd web && $(NPM) run typecheck
	cd web && OPENAPI_DOC=$(abspath $(TARGET_DIR)/openapi.json) DOMAIN_ORACLE=$(abspath $(TARGET_DIR)/debug/examples/oracle) $(NPM) test

# The browser journeys (tests/e2e): Debian's headless Chromium against the built app and a real
# server. The server is the debug binary `cargo test --workspace` builds for the server's own
# integration tests: after test-rust, asking for it again costs nothing, where `cargo build -p
# server` (other features: no dev-dependencies, no wasm crate) or a release build would compile
# most of the dependencies again.
E2E_SERVER := $(TARGET_DIR)/debug/fiscard

tests/e2e/node_modules/.installed: tests/e2e/package.json tests/e2e/package-lock.json
	cd tests/e2e && $(NPM) ci --no-audit --no-fund
	@touch $@

e2e-deps: tests/e2e/node_modules/.installed
	@bash scripts/install-e2e.sh

server-debug:
	$(CARGO) test --workspace --no-run

test-e2e: web server-debug e2e-deps
	cd tests/e2e && FISCARD_BIN=$(abspath $(E2E_SERVER)) $(NPM) test

## Figures --------------------------------------------------------------------------------

# Lighthouse (scripts/lighthouse): its pinned npm packages, and the Chromium the browser
# journeys use.
scripts/lighthouse/node_modules/.installed: scripts/lighthouse/package.json scripts/lighthouse/package-lock.json
	cd scripts/lighthouse && $(NPM) ci --no-audit --no-fund
	@touch $@

bench: web server scripts/lighthouse/node_modules/.installed
	@bash scripts/install-e2e.sh
	@FISCARD_BIN=$(abspath $(SERVER)) bash scripts/bench.sh

# The card figures alone (card list / healthz, recharges, authorizations; SQLite and
# PostgreSQL): only the release server is needed. `make bench BENCH_ONLY=…` picks other parts.
bench-cards: server
	@BENCH_ONLY=cards FISCARD_BIN=$(abspath $(SERVER)) bash scripts/bench.sh

# The exchange figures alone (quotes/s, swaps/s, a quote's p99 while swaps load the server;
# SQLite and PostgreSQL): only the release server is needed.
bench-exchange: server
	@BENCH_ONLY=exchange FISCARD_BIN=$(abspath $(SERVER)) bash scripts/bench.sh

bench-fund:
	@BENCH_ONLY=fund bash scripts/bench.sh

# The scale-out figures alone: requests/s of a read mix and of recharges on one instance and on
# three behind HAProxy, on PostgreSQL (skipped when 127.0.0.1:5432 does not answer), and their
# ratio.
bench-scale: server
	@BENCH_ONLY=scale FISCARD_BIN=$(abspath $(SERVER)) bash scripts/bench.sh

# The ledger figures alone: postings/s through ledger::post against the same rows in plain SQL,
# on SQLite and PostgreSQL (no server needed).
bench-ledger:
	@BENCH_ONLY=ledger bash scripts/bench.sh

clean:
	rm -rf pkg web/dist target
