#!/usr/bin/env bash
# The browser build's end-to-end test: builds target/web/ (scripts/web.sh), then drives it in
# headless Chromium (Debian's /usr/bin/chromium, `.ci/deps --web` installs it) with Playwright
# (playwright-core from npm, tests/web/package-lock.json) against the folder served on
# 127.0.0.1. Needs the native release build's `carrom` (for the replays checked both ways):
# `cargo test --workspace --release` or `cargo build --release` makes it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/web.sh
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
[ -x "$target_dir/release/carrom" ] || cargo build --release --bin carrom
cd tests/web
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --silent
node --test --test-reporter=spec e2e.test.mjs
