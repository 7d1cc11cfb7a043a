#!/usr/bin/env bash
# Before `npm start`: web capture needs Debian's chromium and fonts-noto-cjk. Installed here when
# running as root; otherwise the exact command is printed. The server starts either way: without
# the browser, the capture pages say why capture is unavailable.
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/system-packages.sh
source scripts/lib/system-packages.sh
install_missing "web capture (网页取证)" missing_capture_packages || echo "!! The server starts without web capture until they are installed." >&2
exit 0
