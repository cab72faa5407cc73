#!/usr/bin/env bash
# Installs what Kernel Playground needs on Debian 12 and fetches the Dear ImGui 1.86 sources.
# Idempotent: a second run installs nothing and takes seconds. Used by scripts/serve.sh and
# scripts/test.sh; safe to run on its own. Works as root or through sudo.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache="$root/.cache"
mkdir -p "$cache"

say() { printf 'setup: %s\n' "$*" >&2; }

# Debian packages, each with what it is for.
packages=(
  cmake g++ git python3          # build (preinstalled on the project's machines)
  libeigen3-dev                  # the core's linear algebra
  catch2                         # tests
  emscripten                     # C++ -> WebAssembly
  chromium                       # headless browser tests and screenshots
  libsvm-tools                   # svm-train / svm-predict, the reference implementation
  python3-libsvm                 # LIBSVM decision values for the differential tests
  python3-sklearn                # scikit-learn, the second reference
  fonts-dejavu-core              # the app's UI font (Greek and math symbols), embedded at build
  fonttools                      # pyftsubset / fontTools: the font subset to the glyphs drawn
  xz-utils                       # unpacking the ImGui source tarball
  clang-14 libclang-rt-14-dev    # the asan preset: ASan/UBSan core tests and libFuzzer harnesses
  time                           # GNU time: peak memory of kpg and LIBSVM in the reference tests
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then
    sudo "$@"
  else
    say "need root to run: $*"
    say "run this script as root, or give this user sudo rights, or install these packages yourself:"
    say "  ${missing[*]:-(none)}"
    exit 1
  fi
}

# node and npm: wasm tests under node, the browser test driver. Some machines carry a newer nodejs
# package (with npm inside) than Debian's; only ask Debian for them when the commands are absent.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)

if [ ${#missing[@]} -gt 0 ]; then
  say "installing: ${missing[*]}"
  # The package lists may be missing or stale on a fresh machine.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >"$cache/apt-install.log" 2>&1 || {
    say "apt-get install failed; the last lines of $cache/apt-install.log:"
    tail -20 "$cache/apt-install.log" >&2
    exit 1
  }
else
  say "Debian packages: all present"
fi

# Dear ImGui 1.86 sources from Debian's source package, through a private apt configuration in the
# cache so /etc/apt is left alone (the binary libimgui-dev has no .cpp files for the wasm build).
imgui="$cache/imgui-1.86"
if [ ! -f "$imgui/imgui.cpp" ] || [ ! -f "$imgui/backends/imgui_impl_opengl3.cpp" ]; then
  say "fetching the Dear ImGui 1.86 sources (Debian source package imgui)"
  apt_dir="$cache/apt-src"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/download"
  cat >"$apt_dir/sources.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.sources" -o Dir::Etc::SourceParts=/nonexistent
        -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o Debug::NoLocking=1)
  apt-get "${opts[@]}" update -qq >"$apt_dir/update.log" 2>&1 || {
    say "could not read Debian's source index; see $apt_dir/update.log"; exit 1; }
  (cd "$apt_dir/download" && apt-get "${opts[@]}" source --download-only imgui \
    >"$apt_dir/source.log" 2>&1) || {
    say "could not download the imgui 1.86 source package; see $apt_dir/source.log"; exit 1; }
  tarball=$(ls "$apt_dir/download"/imgui_1.86*.orig.tar.* | head -1)
  rm -rf "$imgui.tmp" && mkdir -p "$imgui.tmp"
  tar -xf "$tarball" -C "$imgui.tmp"
  rm -rf "$imgui" && mv "$imgui.tmp/imgui-1.86" "$imgui" && rm -rf "$imgui.tmp"
  say "ImGui sources in $imgui"
else
  say "Dear ImGui 1.86 sources: present"
fi

# The browser test driver (and libsvm-js, for web/bench/libsvm_js.mjs), pinned by
# web/package-lock.json. playwright-core downloads no browser; the tests drive Debian's /usr/bin/chromium.
# Compared by the versions installed, not by file times: a fresh checkout's lock file is newer than
# an installed node_modules (or one shared through a link) that already holds exactly those versions.
node_packages_match() {
  node -e '
    const web = process.argv[1];
    const lock = require(web + "/package-lock.json");
    for (const [where, entry] of Object.entries(lock.packages || {})) {
      if (!where) continue;
      let installed = null;
      try { installed = require(web + "/" + where + "/package.json").version; } catch (e) {}
      if (installed !== entry.version) process.exit(1);
    }' "$root/web" 2>/dev/null
}
if [ ! -d "$root/web/node_modules/playwright-core" ] || ! node_packages_match; then
  say "installing node packages (npm ci in web/)"
  (cd "$root/web" && npm ci --no-audit --no-fund --loglevel=error >"$cache/npm-ci.log" 2>&1) || {
    say "npm ci failed; see $cache/npm-ci.log"; tail -20 "$cache/npm-ci.log" >&2; exit 1; }
else
  say "node packages: present"
fi
