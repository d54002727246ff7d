#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet, with apt-get
# (through sudo when not root); does nothing, as any user, when none is missing.
#   Packaging/apt-install.sh PACKAGE...
set -euo pipefail
missing=""
for p in "$@"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "error: blogbuild needs these Debian packages:$missing; install them as root (apt-get install$missing) and run it again" >&2; exit 1; }
  sudo="sudo"
fi
echo "installing:$missing"
# shellcheck disable=SC2086 # one word per package
$sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
