#!/bin/sh
# Before `npm test` (the `pretest` script): the programs the tests run for real, Debian's
# chromium (the docs page in a browser), redis-server (the Redis social store), varnish with
# varnish-modules (deploy/varnish's VCL, its xkey purge among them) and prometheus (its promtool
# checks a /metrics scrape). When one
# is missing, root installs it with apt-get; anyone else is told the exact command to run,
# and the tests do not start (they would fail, never skip, without them).
set -eu

missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -x /usr/bin/redis-server ] || missing="$missing redis-server"
[ -x /usr/sbin/varnishd ] || missing="$missing varnish"
ls /usr/lib/*/varnish/vmods/libvmod_xkey.so >/dev/null 2>&1 || missing="$missing varnish-modules"
[ -x /usr/bin/promtool ] || missing="$missing prometheus"
[ -z "$missing" ] && exit 0

command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y$missing"
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need these Debian packages:$missing. Install them as root:" >&2
  echo "  $command" >&2
  exit 1
fi

echo "Installing Debian's$missing for the tests (apt-get, as root)" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$missing >/dev/null
