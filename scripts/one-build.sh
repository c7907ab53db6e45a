#!/usr/bin/env bash
# One build for the README's run and test commands: after `cargo build --release` (what `cargo
# run --release` builds), `cargo test --workspace --release` must compile only test programs
# (and what only the tests use: proptest, the examples, carrom-web's empty native library). It
# fails, naming each, when the test build compiles again a library, build script or binary that
# the run build has: a dependency whose features the tests' build changes (a crate's
# [dev-dependencies] asking for more, a member the run build does not select), which is what
# turned the 41 s test build into a second 20-minute build. The fix is in the root Cargo.toml:
# ask for those features in the normal build too.
#
# Run by .ci/run before the test command; by hand: `scripts/one-build.sh` (CARGO_TARGET_DIR
# as for any cargo command).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v jq >/dev/null || { echo "one-build.sh needs jq" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Every artifact that is not a test program, one line per file: the package, the target's
# kind and name, the file, fresh or not, and the features it was built with.
artifacts() {
  jq -r 'select(.reason == "compiler-artifact" and .profile.test == false)
    | . as $a | $a.filenames[]
    | [$a.package_id, ($a.target.kind | join(",")), $a.target.name, ., ($a.fresh | tostring),
       ($a.features | join(","))] | @tsv'
}
echo "one-build: cargo build --release"
cargo build --release --message-format=json-render-diagnostics | artifacts >"$work/build"
echo "one-build: cargo test --workspace --release --no-run"
cargo test --workspace --release --no-run --message-format=json-render-diagnostics \
  | artifacts >"$work/test"
# A target the run build built: the test build must have found it fresh, in the same file.
awk -F'\t' '
  NR == FNR { built[$1 FS $2 FS $3] = built[$1 FS $2 FS $3] " [" $6 "]"; file[$4] = 1; next }
  ($1 FS $2 FS $3) in built && (!($4 in file) || $5 != "true") {
    key = $1 FS $2 FS $3
    if (seen[key]++) next
    split($1, id, "#"); n = id[2] != "" ? id[2] : $1
    printf "  %s (%s %s): built by `cargo build --release` with features%s, by the tests with [%s]%s\n",
      n, $2, $3, built[key], $6, (($4 in file) ? " (not fresh)" : "")
    bad++
  }
  END { exit bad > 0 }' "$work/build" "$work/test" >"$work/again" || {
  echo "one-build: the test build compiles again $(wc -l <"$work/again") of the run build's artifacts:" >&2
  cat "$work/again" >&2
  echo "ask for the tests' features in the normal build (see the root Cargo.toml)" >&2
  exit 1
}
echo "one-build: the test build compiled nothing of the run build again"
