# Makes sure the Debian packages the tests need are present: installs them when running as root
# with apt-get, otherwise stops with the exact command to run. Never skips a part silently.
# shellcheck shell=bash

missing_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  echo "${missing[@]}"
}

ensure_system_packages() {
  local missing
  missing=$(missing_packages)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "==> Installing Debian packages the tests need: $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq $missing >/dev/null
    missing=$(missing_packages)
    [ -z "$missing" ] && return 0
  fi
  echo "!! The tests need these Debian packages, which are missing: $missing" >&2
  echo "!! Install them with:  sudo apt-get install -y $missing" >&2
  exit 1
}
