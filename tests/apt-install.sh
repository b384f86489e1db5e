#!/usr/bin/env bash
# Install Debian packages the tests need: apt-get update, then apt-get install.
# Usage: tests/apt-install.sh PACKAGE...            (as root)
#
# Right after a machine boots another apt process often holds apt's locks for a while.
# Both steps wait for it, up to $APT_LOCK_WAIT seconds (default 300), instead of failing at
# once: the install through apt's own DPkg::Lock::Timeout, the update (whose lock that
# option does not cover) by trying again every 2 seconds. $APT_OPTIONS adds apt-get
# options (the tests use it to point apt at a folder of their own).
set -euo pipefail

wait_s=${APT_LOCK_WAIT:-300}
read -r -a extra <<<"${APT_OPTIONS:-}"
export DEBIAN_FRONTEND=noninteractive

run_apt() {
    local start=$SECONDS said=0 out
    while :; do
        if out=$(apt-get -qq -o DPkg::Lock::Timeout="$wait_s" "${extra[@]}" "$@" 2>&1); then
            [ -z "$out" ] || printf '%s\n' "$out" >&2
            return 0
        fi
        if [[ $out != *"Could not get lock"* ]] || ((SECONDS - start >= wait_s)); then
            printf '%s\n' "$out" >&2
            return 1
        fi
        if [ "$said" = 0 ]; then
            echo "tests/apt-install.sh: another apt process holds its lock; waiting (up to ${wait_s} s)…" >&2
            said=1
        fi
        sleep 2
    done
}

run_apt update
run_apt install -y --no-install-recommends "$@"
