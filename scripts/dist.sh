#!/usr/bin/env bash
# README command 3: installs what is missing, builds the WebAssembly app and writes the two forms a
# teacher hands out:
#   dist/kernel-playground/       index.html, kpg_app.js, kpg_app.wasm: put the folder on any static
#                                 web host, under any path (https://host/course/ml/kpg/)
#   dist/kernel-playground.html   one self-contained file: opens by double-click, offline
# Usage: scripts/dist.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash scripts/setup.sh
export NODE_PATH=/usr/share/nodejs   # Emscripten 3.1.6's JS optimizer needs Debian's acorn
cmake --preset wasm >/dev/null
cmake --build --preset wasm -j"$(nproc)" --target kpg_site

built="$root/build/wasm/dist"
out="$root/dist"
mkdir -p "$out"
rm -rf "$out/kernel-playground.tmp"
cp -R "$built/kernel-playground" "$out/kernel-playground.tmp"
cp "$built/kernel-playground.html" "$out/kernel-playground.html.tmp"
rm -rf "$out/kernel-playground"
mv "$out/kernel-playground.tmp" "$out/kernel-playground"
mv "$out/kernel-playground.html.tmp" "$out/kernel-playground.html"

size() { stat -c %s "$1"; }
gz() { gzip -9c "$1" | wc -c; }
echo
echo "dist/kernel-playground/ (serve it from any static host; every path in it is relative):"
for f in index.html kpg_app.js kpg_app.wasm; do
  printf '  %-14s %9d bytes  (gzip -9: %d)\n' "$f" "$(size "$out/kernel-playground/$f")" \
    "$(gz "$out/kernel-playground/$f")"
done
printf 'dist/kernel-playground.html %d bytes (the single file: double-click it, no network needed)\n' \
  "$(size "$out/kernel-playground.html")"
