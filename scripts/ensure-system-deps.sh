#!/usr/bin/env bash
# The test suite needs Debian's Chromium: its headless shell for the e2e suite (Playwright drives
# it; it never downloads a browser) and the full browser for Lighthouse and the benches; and
# redis-server (the quota's integration tests). As root on Debian, install what is missing; anywhere
# else, stop with the command to run.
set -euo pipefail

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
[[ -x /usr/bin/chromium-headless-shell ]] || missing+=(chromium-headless-shell)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} with apt-get (needed by npm test)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

echo "npm test needs: ${missing[*]}. Install them, then run npm test again:" >&2
echo "  sudo apt-get install -y ${missing[*]}" >&2
exit 1
