#!/usr/bin/env bash
# What the tests need beside node_modules: PostgreSQL on 127.0.0.1:5432 (trust auth, user
# postgres), Redis on 127.0.0.1:6379, Debian's PgBouncer and Debian's Chromium. `npm test` runs
# this first, and so does CI. Whatever is missing is installed (Debian's packages) and started when
# this runs as root with apt-get; otherwise it stops at once and prints the command that does it.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

PGBOUNCER=${PGBOUNCER_BIN:-/usr/sbin/pgbouncer}
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}

can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
sudo_prefix() { [ "$(id -u)" = 0 ] || echo "sudo "; }

missing=()
command -v pg_ctlcluster >/dev/null || pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || missing+=(postgresql)
command -v redis-server >/dev/null || redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || missing+=(redis-server)
[ -x "$PGBOUNCER" ] || missing+=(pgbouncer)
[ -x "$CHROMIUM" ] || missing+=(chromium)

if [ ${#missing[@]} -gt 0 ]; then
  if ! can_install; then
    echo "The tests need Debian's ${missing[*]}. Install them, then run npm test again:" >&2
    echo "  $(sudo_prefix)apt-get update && $(sudo_prefix)apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing what the tests need: ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# PostgreSQL: each test file creates a database of its own.
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if ! can_install || ! command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL is not answering on 127.0.0.1:5432 (trust auth, user postgres). Start it, e.g.:" >&2
    echo "  $(sudo_prefix)pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql 2>/dev/null | sort -V | tail -1) main start" >&2
    exit 1
  fi
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
# A cluster this script just installed asks for passwords on TCP; the tests connect as postgres with trust.
if [[ " ${missing[*]} " == *" postgresql "* ]]; then
  hba=$(ls /etc/postgresql/*/main/pg_hba.conf | sort -V | tail -1)
  sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main reload
fi
if command -v psql >/dev/null && ! psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
  echo "PostgreSQL on 127.0.0.1:5432 does not let user postgres in without a password (the tests use trust auth)." >&2
  exit 1
fi

# Redis: BullMQ's queues and the rate limits' counters (each test app has a key prefix of its own).
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  if ! redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /tmp --logfile "$(mktemp -t redis-test.XXXXXX.log)"; then
    echo "Redis is not answering on 127.0.0.1:6379 and could not be started: start it with redis-server --port 6379" >&2
    exit 1
  fi
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi

echo "Test machine ready: PostgreSQL, Redis, PgBouncer ($PGBOUNCER), Chromium ($CHROMIUM)"
