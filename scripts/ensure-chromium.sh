#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for Playwright (CHROMIUM_PATH or /usr/bin/chromium).
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
echo "Chromium not found at $path: installing Debian's chromium package" >&2
if [ "$(id -u)" -ne 0 ]; then
  echo "Run as root or install it yourself: sudo apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
test -x "$path"
