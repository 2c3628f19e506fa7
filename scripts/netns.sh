#!/bin/sh
# scripts/netns.sh CMD...: run CMD in a network namespace of its own, so that no test can send a
# packet off this machine or to its own interfaces. Inside: lo, and a veth pair v0 10.213.0.1/24,
# v1 10.213.0.2/24, for WebRTC host candidates (Chromium gathers none on lo alone, and none at all
# here for a page without camera or microphone permission: no default route). No route leads
# out. Already inside one (TAPIS_NETNS=1, and nothing but those addresses to be seen), CMD just
# runs. Never falls back to running outside: it fails instead.
set -eu

fail() {
    echo "scripts/netns.sh: $*; not running the tests outside a network namespace." >&2
    exit 1
}

[ "$#" -gt 0 ] || { echo "usage: scripts/netns.sh CMD..." >&2; exit 2; }

# Every address here (any family) is loopback or one of the veth pair's: the namespace made below.
isolated() {
    addrs=$(ip -o addr show | awk '{print $4}') || return 1
    echo "$addrs" | grep -qx '10\.213\.0\.1/24' && echo "$addrs" | grep -qx '10\.213\.0\.2/24' \
        && ! echo "$addrs" | grep -Evq '^(127\.|::1/128$|10\.213\.0\.[12]/24$)'
}

command -v ip >/dev/null || fail "ip not found (Debian: apt-get install iproute2)"
command -v unshare >/dev/null || fail "unshare not found (Debian: util-linux)"

if [ "${TAPIS_NETNS:-}" = 1 ]; then
    isolated || fail "TAPIS_NETNS=1, but this network has other addresses than lo and 10.213.0.1-2"
    exec "$@"
fi

# Run by the unshared shell below. Where the kernel has IPv6, addrgenmode none keeps link-local
# addresses off the veth pair: its two IPv4 addresses are all there is to gather.
SETUP='set -e
trap "echo \"scripts/netns.sh: could not set up the namespace (above); not running the tests.\" >&2" EXIT
ip link set lo up
ip link add v0 type veth peer name v1
if [ -e /proc/net/if_inet6 ]; then ip link set v0 addrgenmode none; ip link set v1 addrgenmode none; fi
ip addr add 10.213.0.1/24 dev v0
ip addr add 10.213.0.2/24 dev v1
ip link set v0 up
ip link set v1 up
trap - EXIT
export TAPIS_NETNS=1
exec sh "$0" "$@"'

# Root makes the namespace directly (in a container this needs CAP_SYS_ADMIN and CAP_NET_ADMIN);
# anyone else through a user namespace of their own, where the kernel allows it.
if [ "$(id -u)" = 0 ]; then flags=-n; else flags=-rn; fi
unshare $flags true 2>/dev/null || fail "'unshare $flags' is not permitted here (root in a container needs --cap-add=SYS_ADMIN --cap-add=NET_ADMIN; others need unprivileged user namespaces)"
exec unshare $flags sh -c "$SETUP" "$0" "$@"
