# Makes sure the Debian packages the platform needs are present: installs them when running as root
# with apt-get, otherwise says the exact command to run. Never skips a part silently.
# shellcheck shell=bash

# What web capture needs (issue 15): the browser at CHROMIUM_PATH and the CJK fonts it renders with.
missing_capture_packages() {
  local missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
  echo "${missing[@]}"
}

# What the features served by the platform need: web capture's browser and fonts, ffmpeg (with
# ffprobe), which encodes the cloud browser's video, records live streams (issue 16) and cuts video
# keyframes for monitoring, fpcalc (Chromaprint), which fingerprints audio for monitoring (issue 18),
# and pdftoppm (poppler-utils), which draws the help centre's principles document as page images (issue 19).
missing_feature_packages() {
  local missing=()
  read -r -a missing <<<"$(missing_capture_packages)"
  command -v ffmpeg >/dev/null || missing+=(ffmpeg)
  command -v fpcalc >/dev/null || missing+=(libchromaprint-tools)
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  echo "${missing[@]}"
}

missing_packages() {
  local missing=()
  read -r -a missing <<<"$(missing_feature_packages)"
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
  # The multi-process tests (issue 20) start a throwaway Redis of their own.
  command -v redis-server >/dev/null || missing+=(redis-server)
  # poppler-utils is a feature package above; its pdfsig, pdfinfo and pdftotext serve the tests too.
  # The capture tests make their HTTPS test sites' CA chain with the openssl command.
  command -v openssl >/dev/null || missing+=(openssl)
  # The litigation package tests open the zips the server writes.
  command -v unzip >/dev/null || missing+=(unzip)
  echo "${missing[@]}"
}

# install_missing WHO CHECK: installs what CHECK (a function) reports missing when root with apt-get;
# answers 0 once nothing is missing, otherwise prints the command for WHO and answers 1.
install_missing() {
  local who=$1 check=$2 missing
  missing=$($check)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "==> Installing Debian packages $who needs: $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq $missing >/dev/null
    missing=$($check)
    [ -z "$missing" ] && return 0
  fi
  echo "!! $who needs these Debian packages, which are missing: $missing" >&2
  echo "!! Install them with:  sudo apt-get install -y $missing" >&2
  return 1
}

ensure_system_packages() {
  install_missing "the test run" missing_packages || exit 1
}
