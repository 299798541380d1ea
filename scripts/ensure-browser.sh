#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core; no browser is downloaded.
# A CJK font is needed or Chinese text renders as empty boxes in the screenshots.
set -euo pipefail
has_font() { fc-list 2>/dev/null | grep -qi -E 'wqy|noto sans cjk|droid sans fallback'; }
if command -v "${CHROMIUM_PATH:-chromium}" >/dev/null && has_font; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing chromium and a CJK font with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-wqy-microhei >/dev/null
  exit 0
fi
echo "Browser tests need Debian's chromium and a CJK font: apt-get install chromium fonts-wqy-microhei" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)." >&2
exit 1
