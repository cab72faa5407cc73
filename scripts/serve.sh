#!/usr/bin/env bash
# README command 1: installs what is missing, builds the WebAssembly app and serves it.
# Usage: scripts/serve.sh [PORT]   (default 8080; or set KPG_PORT)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
port=${1:-${KPG_PORT:-8080}}
cd "$root"

bash scripts/setup.sh
export NODE_PATH=/usr/share/nodejs   # Emscripten 3.1.6's JS optimizer needs Debian's acorn
cmake --preset wasm >/dev/null
cmake --build --preset wasm -j"$(nproc)" --target kpg_site
echo
echo "Open http://127.0.0.1:$port/ in a browser."
exec python3 scripts/static_server.py build/wasm/site "$port"
