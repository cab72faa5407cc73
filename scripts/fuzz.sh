#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz, in the `asan` preset's tree: clang 14, ASan + UBSan,
# the same objects as the sanitized core tests, so CI compiles the core once for both) and runs
# each for a fixed time from its committed seed corpus (tests/fuzz/corpus/<target>/).
# Usage: scripts/fuzz.sh [target|all] [seconds]
#   targets: libsvm csv model range session sharelink actions frame (all when omitted); 20 seconds each by default.
# Prints one line per target — executions, coverage (libFuzzer's cov / ft), findings — and exits
# non-zero if any target found anything (a crash, a sanitizer report, a violated property, a
# timeout or running out of memory). Findings are saved as build/fuzz/run/<target>/crash-… etc.;
# replay one with build/asan/tests/fuzz/fuzz_<target> FILE.
# Seeds listed in tests/fuzz/open-findings.txt reproduce a known open finding: they are left out
# of the corpus and replayed separately, reported as "still open" or "now passing" (not counted as
# findings), so that the suite stays usable until the fix lands; then delete the line.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

all_targets=(libsvm csv model range session sharelink actions frame)
target=${1:-all}
seconds=${2:-20}
if [ "$target" = all ]; then
  targets=("${all_targets[@]}")
elif [[ " ${all_targets[*]} " == *" $target "* ]]; then
  targets=("$target")
else
  echo "fuzz.sh: unknown target '$target' (${all_targets[*]} or all)" >&2
  exit 2
fi
[[ $seconds =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || { echo "fuzz.sh: seconds must be a positive integer" >&2; exit 2; }

if ! command -v clang++-14 >/dev/null 2>&1; then
  echo "fuzz.sh: clang++-14 not found (scripts/setup.sh installs clang-14 and libclang-rt-14-dev)" >&2
  exit 2
fi

build_log="$root/build/fuzz-build.log"
mkdir -p "$root/build"
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
build_targets=()
for t in "${targets[@]}"; do build_targets+=(--target "fuzz_$t"); done
if ! { cmake --preset asan "${launcher[@]}" &&
       cmake --build --preset asan -j"$(nproc)" "${build_targets[@]}"; } >"$build_log" 2>&1; then
  echo "fuzz.sh: the build failed; the last lines of $build_log:" >&2
  tail -30 "$build_log" >&2
  exit 2
fi

# Each input gets 10 s (a hang), each process 2.5 GB (ASan's shadow included).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
libfuzzer_flags=(-timeout=10 -rss_limit_mb=2560 -max_len=8192 -print_final_stats=1)

open_list="$root/tests/fuzz/open-findings.txt"
is_open() {  # is_open TARGET FILE-NAME
  [ -f "$open_list" ] && grep -qE "^$1/$2([[:space:]]|$)" "$open_list"
}

failed=0
for t in "${targets[@]}"; do
  exe="$root/build/asan/tests/fuzz/fuzz_$t"
  run="$root/build/fuzz/run/$t"
  rm -rf "$run"
  mkdir -p "$run/corpus" "$run/open"
  for seed in "$root/tests/fuzz/corpus/$t"/*; do
    name=$(basename "$seed")
    if is_open "$t" "$name"; then cp "$seed" "$run/open/"; else cp "$seed" "$run/corpus/"; fi
  done
  log="$run/fuzz.log"
  timeout $((seconds + 120)) "$exe" "${libfuzzer_flags[@]}" -max_total_time="$seconds" \
    -artifact_prefix="$run/" "$run/corpus" >"$log" 2>&1
  status=$?
  executions=$(grep -oE "stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" | tail -1)
  # The last status line, e.g. "#123456	DONE   cov: 650 ft: 2514 corp: ...".
  cov=$(grep -oE "cov: [0-9]+ ft: [0-9]+" "$log" | tail -1)
  findings=$(find "$run" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o \
    -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  if [ "$status" != 0 ] && [ "$findings" = 0 ]; then findings=1; fi
  line=$(printf 'fuzz_%-9s %9s executions in %ss, %s, %d findings' "$t:" "${executions:-0}" \
    "$seconds" "${cov:-cov: ? ft: ?}" "$findings")
  echo "$line"
  if [ "$findings" != 0 ]; then
    failed=1
    grep -m1 -E "ERROR: libFuzzer|ERROR: AddressSanitizer|runtime error|property violated" "$log" |
      sed 's/^/    /'
    find "$run" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
      -o -name 'leak-*' \) -printf '    reproducer: %p\n'
    echo "    log: ${log#$root/}"
  fi
  for seed in "$run/open"/*; do
    [ -e "$seed" ] || continue
    name=$(basename "$seed")
    finding=$(grep -E "^$t/$name([[:space:]]|$)" "$open_list" | awk '{print $2}')
    if timeout 120 "$exe" -timeout=10 -rss_limit_mb=2560 "$seed" >"$run/open-$name.log" 2>&1; then
      echo "    open finding $finding ($t/$name): now passing, delete its line from tests/fuzz/open-findings.txt"
    else
      echo "    open finding $finding ($t/$name): still reproduces (not counted)"
    fi
  done
done
exit $failed
