# Sourced by .ci/run: starts a throwaway PostgreSQL cluster (Debian's postgresql package) in a
# temporary folder, listening on 127.0.0.1 only at a free port, exports CARROM_TEST_POSTGRES
# for the tests, and stops and removes it when the calling script exits.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pg_bin" ]; then
  echo "no PostgreSQL found under /usr/lib/postgresql (bash .ci/deps installs it)" >&2
  exit 1
fi
pg_dir=$(mktemp -d)
pg_port=""
for p in $(seq 55432 55632); do
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then pg_port=$p; break; fi
done
[ -n "$pg_port" ] || { echo "no free port for PostgreSQL" >&2; exit 1; }
# PostgreSQL does not run as root: as root, the cluster is the postgres user's.
pg_as=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$pg_dir"
  pg_as=(runuser -u postgres --)
fi
"${pg_as[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U carrom >/dev/null
"${pg_as[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $pg_dir" start >/dev/null
pg_stop() {
  "${pg_as[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
trap pg_stop EXIT
export CARROM_TEST_POSTGRES="postgres://carrom@127.0.0.1:$pg_port/postgres"
