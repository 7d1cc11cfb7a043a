#!/usr/bin/env bash
# Before `npm start`: web capture and the cloud browser need Debian's chromium and fonts-noto-cjk;
# procedure and live recording need ffmpeg; monitoring needs ffmpeg (video keyframes) and fpcalc
# (audio fingerprints); the help centre's principles document needs pdftoppm (poppler-utils).
# Installed here when running as root; otherwise the exact command is printed.
# The server starts either way: without them, the pages of the features that need them say why
# those features are unavailable.
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/system-packages.sh
source scripts/lib/system-packages.sh
install_missing "web capture, recording, monitoring and the help centre (网页取证、过程取证、直播取证、全网监测、帮助中心)" missing_feature_packages || echo "!! The server starts without those features until the packages are installed." >&2
exit 0
