# fiscard: one-command run and test on a fresh machine (see README.md).
#
#   make run     build everything and serve the app
#   make test    every test: Rust (incl. shared vectors), wasm vectors and web tests, lints
#   make bench   size and speed figures
#
# Each step installs what it needs first (wasm target, wasm-bindgen-cli, wasm-pack, npm
# packages), so the only prerequisites are the stock Rust and Node toolchains.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
HOST ?= 127.0.0.1
PORT ?= 5173
WASM_OPT := web/node_modules/.bin/wasm-opt
WASM := pkg/domain_wasm_bg.wasm
# Features the wasm module may use (matching what rustc emits for wasm32-unknown-unknown).
WASM_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	--enable-mutable-globals --enable-reference-types --enable-multivalue

DOMAIN_SOURCES := $(shell find crates/domain crates/domain-wasm -type f \( -name '*.rs' -o -name '*.toml' -o -name '*.json' \)) Cargo.toml Cargo.lock

.PHONY: help tools deps pkg web run test test-rust test-web lint bench clean

help:
	@echo "make run    build and serve the app on http://$(HOST):$(PORT)"
	@echo "make test   run every test and lint"
	@echo "make bench  print size and speed figures"

## Tools and packages ---------------------------------------------------------------------

tools:
	@bash scripts/install-tools.sh

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

deps: tools web/node_modules/.installed

## The wasm package (pkg/) ----------------------------------------------------------------

$(WASM): $(DOMAIN_SOURCES) | deps
	wasm-pack --quiet build crates/domain-wasm --profile wasm-release --target bundler --out-dir ../../pkg --mode no-install --no-pack --no-opt
	$(WASM_OPT) -Oz --strip-debug --strip-producers $(WASM_FEATURES) $(WASM) -o $(WASM)

pkg: $(WASM)

## The web app ----------------------------------------------------------------------------

web: pkg
	cd web && $(NPM) run build

run: web
	@echo "==> serving the app on http://$(HOST):$(PORT) (Ctrl-C stops it)"
	cd web && $(NPM) run preview -- --host $(HOST) --port $(PORT) --strictPort

## Tests ----------------------------------------------------------------------------------

test: lint test-rust test-web

lint: deps
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p domain-wasm --target wasm32-unknown-unknown -- -D warnings

test-rust:
	$(CARGO) test --workspace

test-web: pkg
	cd web && $(NPM) run typecheck
	cd web && $(NPM) test

## Figures --------------------------------------------------------------------------------

bench: web
	@bash scripts/bench.sh

clean:
	rm -rf pkg web/dist target
