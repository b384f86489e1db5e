#!/usr/bin/env bash
# Make sure a throwaway PostgreSQL server is running for the tests, and print its URL.
#
# Usage: tests/postgres.sh            prints e.g. postgresql+psycopg://canasta:canasta@127.0.0.1:55432/canasta_test
#        tests/postgres.sh stop       stops the server (its data stays for the next start)
#        tests/postgres.sh destroy    stops it and deletes its folder
#
# The server is a private cluster in $CANASTA_SCORER_PG_DIR (default /tmp/canasta-scorer-pg,
# /tmp/canasta-scorer-pg-$USER for other users than root), listening only on 127.0.0.1, on
# port 55432 or the next free one. It is tuned for tests, not for keeping data: fsync is off.
# Installs Debian's postgresql with apt-get when no PostgreSQL is found (root only). Runs the
# server as the `postgres` user when started by root (PostgreSQL refuses to run as root).
# Idempotent and safe to run twice at once: a running server is reused. Only the URL goes
# to standard output; everything else goes to standard error or the server's log.
set -euo pipefail

ROLE=canasta
PASSWORD=canasta
DATABASE=canasta_test
FIRST_PORT=55432
ME=$(id -un)
if [ "$(id -u)" = 0 ]; then
    DEFAULT_DIR=/tmp/canasta-scorer-pg
else
    DEFAULT_DIR=/tmp/canasta-scorer-pg-$ME
fi
DIR=${CANASTA_SCORER_PG_DIR:-$DEFAULT_DIR}
DATA=$DIR/data
SOCKETS=$DIR/sockets

say() { echo "postgres.sh: $*" >&2; }
die() {
    say "$*"
    exit 1
}

find_bin() {
    local found
    if found=$(command -v pg_ctl 2>/dev/null) && [ -x "$(dirname "$found")/initdb" ]; then
        dirname "$(readlink -f "$found")"
        return
    fi
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$found" ] && [ -x "$found/pg_ctl" ]; then
        echo "$found"
    fi
}

BIN=$(find_bin)
if [ -z "$BIN" ]; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        die "PostgreSQL is not installed (no pg_ctl); install it (Debian: apt-get install postgresql) or set CANASTA_SCORER_TEST_PG to a database URL"
    fi
    say "installing PostgreSQL (apt-get install postgresql)…"
    "$(dirname "$0")/apt-install.sh" postgresql >&2
    BIN=$(find_bin)
    [ -n "$BIN" ] || die "apt-get installed postgresql but no pg_ctl was found"
fi

# The server runs as `postgres` when we are root, else as ourselves.
if [ "$(id -u)" = 0 ]; then
    OWNER=postgres
    id -u "$OWNER" >/dev/null 2>&1 || die "there is no '$OWNER' user to run PostgreSQL as"
    as_owner() { runuser -u "$OWNER" -- "$@"; }
else
    OWNER=$ME
    as_owner() { "$@"; }
fi

mkdir -p "$(dirname "$DIR")"
exec 9>"$DIR.lock"
# One caller at a time: a second one waits, then finds the server running. (The server
# must not inherit this descriptor, or it would hold the lock forever: see `9>&-` below.)
flock 9

# The postmaster's process id, from the first line of postmaster.pid ("" without one).
postmaster_pid() { head -n 1 "$DATA/postmaster.pid" 2>/dev/null || true; }
# Running: pg_ctl says so, and the process it names is really a postgres of this data
# directory (after a restart of the machine or container that id may be another process's).
running() {
    as_owner "$BIN/pg_ctl" status -D "$DATA" >/dev/null 2>&1 || return 1
    local pid
    pid=$(postmaster_pid)
    [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = postgres ] &&
        [ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" = "$(readlink -f "$DATA")" ]
}
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

stop() {
    if [ -d "$DATA" ] && running; then
        as_owner "$BIN/pg_ctl" stop -D "$DATA" -m fast -w >/dev/null 9>&-
    fi
}

case "${1:-}" in
    "") ;;
    stop)
        stop
        exit 0
        ;;
    destroy)
        stop
        rm -rf "$DIR"
        exit 0
        ;;
    *) die "unknown argument '$1' (expected nothing, stop or destroy)" ;;
esac

if [ -d "$DIR" ] && [ "$(stat -c %U "$DIR")" != "$OWNER" ]; then
    [ "$(id -u)" = 0 ] || die "$DIR belongs to $(stat -c %U "$DIR"); set CANASTA_SCORER_PG_DIR"
    chown -R "$OWNER:" "$DIR"
fi
mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown "$OWNER:" "$DIR"
chmod 700 "$DIR"

version=$("$BIN/pg_ctl" --version | grep -oE '[0-9]+' | head -n 1) # "pg_ctl (PostgreSQL) 15.18"
if [ -d "$DATA" ] && [ "$(cat "$DATA/PG_VERSION" 2>/dev/null)" != "$version" ]; then
    say "the cluster in $DATA is unfinished or from another PostgreSQL; making a new one"
    stop || true
    rm -rf "$DATA"
fi

if [ ! -d "$DATA" ]; then
    as_owner "$BIN/initdb" -D "$DATA" --username=postgres --auth-local=trust \
        --auth-host=scram-sha-256 --encoding=UTF8 --no-locale --no-sync >"$DIR/initdb.log" 2>&1 ||
        die "initdb failed; see $DIR/initdb.log"
    cat >>"$DATA/postgresql.conf" <<'CONF'

# canasta_scorer tests: a throwaway server, fast and local only
listen_addresses = '127.0.0.1'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 100
CONF
fi
as_owner mkdir -p "$SOCKETS"

port=$(cat "$DIR/port" 2>/dev/null || echo "$FIRST_PORT")
if ! running; then
    # Our port may have been taken meanwhile (another server): find a free one.
    candidate=$port
    while port_taken "$candidate"; do
        candidate=$((candidate + 1))
        [ "$candidate" -lt $((FIRST_PORT + 100)) ] || die "no free port from $FIRST_PORT to $candidate"
    done
    port=$candidate
    echo "$port" >"$DIR/port"
    # A server that was killed (SIGKILL, the machine or container stopped) leaves its
    # postmaster.pid and socket lock files behind; pg_ctl would then warn "another
    # server might be running", and the server refuse to start if that process id now
    # belongs to another process. Nothing runs on this data directory (see `running`).
    if [ -e "$DATA/postmaster.pid" ]; then
        say "removing postmaster.pid of a server that is no longer running (pid $(postmaster_pid))"
        rm -f "$DATA/postmaster.pid"
    fi
    rm -f "$SOCKETS"/.s.PGSQL.*
    as_owner "$BIN/pg_ctl" start -D "$DATA" -l "$DIR/server.log" -w -t 60 \
        -o "-p $port -k $SOCKETS" >/dev/null 9>&- ||
        die "the server did not start; see $DIR/server.log"
fi

# The test role may create databases (the tests make a schema or a database of their own).
as_owner "$BIN/psql" -h "$SOCKETS" -p "$port" -U postgres -d postgres -X -q -v ON_ERROR_STOP=1 \
    >/dev/null <<SQL
SELECT 'CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD ''$PASSWORD'''
    WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE')\gexec
SELECT 'CREATE DATABASE $DATABASE OWNER $ROLE'
    WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$DATABASE')\gexec
SQL

echo "postgresql+psycopg://$ROLE:$PASSWORD@127.0.0.1:$port/$DATABASE"
