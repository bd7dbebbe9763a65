#!/usr/bin/env bash
# Start a local PostgreSQL (installing it from Debian's packages when missing) and create the
# database the PostgreSQL end-to-end test uses. Prints the URL to export as BANSHA_TEST_PG.
# Best effort: on a machine where this cannot work it prints nothing and the test is skipped.
set -u
{
  if ! command -v pg_lsclusters >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) || exit 0
    else
      exit 0
    fi
  fi
  cluster=$(pg_lsclusters --no-header 2>/dev/null | head -n 1)
  if [ -z "$cluster" ]; then
    ver=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
    pg_createcluster "$ver" main || exit 0
    cluster=$(pg_lsclusters --no-header | head -n 1)
  fi
  set -- $cluster
  ver=$1 name=$2 port=$3
  pg_ctlcluster "$ver" "$name" start 2>/dev/null || true
  su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname='bansha'\"" | grep -q 1 ||
    su postgres -c "psql -p $port -c \"CREATE USER bansha WITH PASSWORD 'bansha' SUPERUSER\"" || exit 0
  su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname='bansha_test'\"" | grep -q 1 ||
    su postgres -c "createdb -p $port -O bansha bansha_test" || exit 0
} >&2
echo "postgres://bansha:bansha@127.0.0.1:${port}/bansha_test"
