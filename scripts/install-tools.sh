#!/usr/bin/env bash
# Installs the build tools the project needs, each only when missing, so a fresh
# machine with just the stock Rust and Node toolchains can build everything.
# Versions are pinned: wasm-bindgen-cli must equal the `wasm-bindgen` crate version.
set -euo pipefail

WASM_BINDGEN_VERSION=0.2.130
WASM_PACK_VERSION=0.15.1

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "==> adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-bindgen >/dev/null 2>&1 \
   || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  echo "==> installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # Not --locked: its lockfile names a webpki-roots release the registry lacks.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! command -v wasm-pack >/dev/null 2>&1 \
   || [ "$(wasm-pack --version | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  echo "==> installing wasm-pack $WASM_PACK_VERSION (a few minutes, once)"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force
fi
