#!/usr/bin/env bash
# Installs what the browser journeys (tests/e2e) need beyond their npm packages, each only
# when missing: Debian's Chromium at /usr/bin/chromium (playwright-core drives it; Playwright's
# own browser download cannot be fetched here), a CJK font and a colour emoji font, so the
# screenshots show the zh-HK text and the country picker's flags instead of empty boxes.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
if ! fc-list :lang=zh-hk family 2>/dev/null | grep -q .; then
  packages+=(fonts-noto-cjk)
fi
if ! fc-list 2>/dev/null | grep -qi "color emoji"; then
  packages+=(fonts-noto-color-emoji)
fi
[ "${#packages[@]}" -eq 0 ] && exit 0

echo "==> installing ${packages[*]} for the browser journeys (about a minute, once)"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
/usr/bin/chromium --version 2>/dev/null
