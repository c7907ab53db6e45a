#!/usr/bin/env bash
# Builds the game for the browser into target/web/: index.html, the JS glue and the .wasm (the
# sounds are made by the game), a folder any static host serves as it is (.wasm as application/wasm).
# Installs what it needs: the wasm32 target, wasm-bindgen-cli at exactly the version in
# Cargo.lock, and (with WASM_OPT=1) wasm-opt from the npm registry's binaryen package
# (tests/web/package.json).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target_dir="${CARGO_TARGET_DIR:-$root/target}"
out="$root/target/web"

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  echo "installing wasm-bindgen-cli $version"
  # Its own lock file first; where the registry lacks a version that pins, the newest that fit.
  cargo install --locked --quiet wasm-bindgen-cli --version "$version" \
    || cargo install --quiet wasm-bindgen-cli --version "$version"
fi
if [ "${WASM_OPT:-0}" = 1 ] && [ ! -x tests/web/node_modules/.bin/wasm-opt ]; then
  (cd tests/web && npm ci --no-audit --no-fund --silent)
fi

cargo build --profile web --target wasm32-unknown-unknown -p carrom-web
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --no-typescript --remove-name-section --remove-producers-section --target web --out-dir "$out" \
  "$target_dir/wasm32-unknown-unknown/web/carrom_web.wasm"
# wasm-opt -Oz takes the 39 MB to 24 but the gzipped download only from 8.55 MB to 8.40, in ten
# minutes of one core here: with WASM_OPT=1 only (the features are rustc's wasm32 target's).
if [ "${WASM_OPT:-0}" = 1 ]; then
  tests/web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    -o "$out/carrom_web_bg.wasm" "$out/carrom_web_bg.wasm"
fi
cp crates/ui/web/*.html crates/ui/web/*.js crates/ui/web/*.webmanifest crates/ui/web/*.png "$out/"
# Each text file and the module also compressed, for a server that sends what the browser
# accepts (`carrom server --web` does): gzip -9, and brotli -q 11 where Debian's brotli is
# installed (.ci/deps --web installs it).
for f in "$out"/*.wasm "$out"/*.js "$out"/*.html "$out"/*.webmanifest; do
  gzip -9 -k -n "$f"
  if command -v brotli >/dev/null 2>&1; then brotli -q 11 -k "$f"; fi
done
size() { stat -c %s "$1" 2>/dev/null || echo 0; }
wasm=$out/carrom_web_bg.wasm
echo "target/web: carrom_web_bg.wasm $(($(size "$wasm") / 1024)) KiB; gzipped $(($(size "$wasm.gz") / 1024)) KiB; brotli $(($(size "$wasm.br") / 1024)) KiB"
