#!/usr/bin/env bash
# README command 2: installs what is missing, builds everything, and runs every suite:
#   native     the core's Catch2 tests, native build
#   app        the SMO lab's logic (tests/app: LabState, rewind, session JSON, share links), native
#   reference  native tests that run real programs: svm-train/svm-predict, scikit-learn, kpg
#   asan       the core tests again under AddressSanitizer + UndefinedBehaviorSanitizer
#   wasm       the core tests compiled to WebAssembly, run under node
#   browser    the app in headless Chromium (web/tests/*.test.mjs)
#   fuzz       each libFuzzer harness of tests/fuzz for 20 s under ASan + UBSan (scripts/fuzz.sh)
# Prints one summary line per suite and a total; exits non-zero if anything failed.
# Usage: scripts/test.sh [suite ...]   (default: all, in the order above)
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export NODE_PATH=/usr/share/nodejs   # Emscripten 3.1.6's JS optimizer needs Debian's acorn
jobs=$(nproc)
logs="$root/build/test-logs"

bash scripts/setup.sh || exit 1
mkdir -p "$logs"

suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(native app reference asan wasm browser fuzz)

summary=()
total_passed=0
total_failed=0
core_counts=()

build() {  # build PRESET [TARGET...]
  local preset=$1; shift
  local targets=()
  for t in "$@"; do targets+=(--target "$t"); done
  { cmake --preset "$preset" && cmake --build --preset "$preset" -j"$jobs" "${targets[@]}"; } \
    >"$logs/build-$preset.log" 2>&1
}

# Reads Catch2's closing line from a log: "All tests passed (A assertions in N test cases)" or
# "test cases: N | P passed | F failed".
catch_counts() {
  local log=$1
  local line
  line=$(grep -E "^(All tests passed|test cases:)" "$log" | tail -1)
  if [[ $line =~ ^All\ tests\ passed.*in\ ([0-9]+)\ test\ case ]]; then
    echo "${BASH_REMATCH[1]} 0"
  elif [[ $line =~ test\ cases:\ +([0-9]+)\ \|\ +([0-9]+)\ passed\ \|\ +([0-9]+)\ failed ]]; then
    echo "${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
  elif [[ $line =~ test\ cases:\ +([0-9]+)\ \|\ +([0-9]+)\ failed ]]; then
    echo "0 ${BASH_REMATCH[2]}"
  else
    echo "0 1"
  fi
}

record() {  # record SUITE STATUS PASSED FAILED LOG
  local suite=$1 status=$2 passed=$3 failed=$4 log=$5
  if [ "$status" != 0 ] && [ "$failed" = 0 ]; then failed=1; fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  local line
  # The suite's wall time, its build included (CI's budget is spread over these).
  line=$(printf '%-10s %5d passed, %d failed  %4d s' "$suite:" "$passed" "$failed" $((SECONDS - suite_started)))
  [ "$failed" = 0 ] || line="$line   (log: ${log#$root/})"
  summary+=("$line")
  echo "$line"
}

run_catch() {  # run_catch SUITE LOG COMMAND...
  local suite=$1 log=$2; shift 2
  timeout 1800 "$@" --use-colour no >"$log" 2>&1
  local status=$?
  read -r passed failed < <(catch_counts "$log")
  [ "$failed" = 0 ] || grep -B2 -A12 -E "FAILED|failed" "$log" | head -60
  record "$suite" "$status" "$passed" "$failed" "$log"
  case $suite in native|asan|wasm) core_counts+=("$suite=$passed") ;; esac
}

build_failed() {  # build_failed SUITE PRESET
  echo "build of preset $2 failed; the last lines of $logs/build-$2.log:"
  tail -30 "$logs/build-$2.log"
  record "$1" 1 0 1 "$logs/build-$2.log"
}

setup_seconds=$SECONDS
for suite in "${suites[@]}"; do
  suite_started=$SECONDS
  echo "== $suite"
  case $suite in
    native)
      if build native; then
        run_catch native "$logs/native.log" build/native/tests/kpg_core_tests
      else build_failed native native; fi ;;
    app)
      if build native; then
        run_catch app "$logs/app.log" build/native/tests/app/kpg_app_tests
      else build_failed app native; fi ;;
    reference)
      if build native; then
        run_catch reference "$logs/reference.log" build/native/tests/reference/kpg_reference_tests
      else build_failed reference native; fi ;;
    asan)
      if build asan kpg_core_tests; then
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
          run_catch asan "$logs/asan.log" build/asan/tests/kpg_core_tests
      else build_failed asan asan; fi ;;
    wasm)
      if build wasm kpg_core_tests kpg_site; then
        run_catch wasm "$logs/wasm.log" node --no-experimental-fetch build/wasm/tests/kpg_core_tests.js
      else build_failed wasm wasm; fi ;;
    browser)
      if build wasm kpg_site; then
        timeout 1800 node web/tests/run.mjs >"$logs/browser.log" 2>&1
        status=$?
        cat "$logs/browser.log"
        line=$(grep -E "^browser: [0-9]+ passed, [0-9]+ failed" "$logs/browser.log" | tail -1)
        [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]] && p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]} || { p=0; f=1; }
        record browser "$status" "$p" "$f" "$logs/browser.log"
      else build_failed browser wasm; fi ;;
    fuzz)
      # One harness per parser: passed = ran 20 s without a finding (scripts/fuzz.sh).
      timeout 1800 bash scripts/fuzz.sh all 20 >"$logs/fuzz.log" 2>&1
      status=$?
      cat "$logs/fuzz.log"
      p=$(grep -cE "^fuzz_[a-z]+: .* 0 findings$" "$logs/fuzz.log")
      f=$(grep -cE "^fuzz_[a-z]+: .* [1-9][0-9]* findings$" "$logs/fuzz.log")
      record fuzz "$status" "$p" "$f" "$logs/fuzz.log" ;;
    *) echo "unknown suite '$suite' (native app reference asan wasm browser fuzz)"; exit 2 ;;
  esac
done

# The core suite must be the same tests in every build.
if [ ${#core_counts[@]} -gt 1 ]; then
  distinct=$(printf '%s\n' "${core_counts[@]}" | cut -d= -f2 | sort -u | wc -l)
  if [ "$distinct" != 1 ]; then
    summary+=("core suites disagree on the number of passing tests: ${core_counts[*]}")
    total_failed=$((total_failed + 1))
  fi
fi

echo
echo "== summary"
printf '%s\n' "${summary[@]}"
echo "total: $total_passed passed, $total_failed failed, in $((SECONDS / 60)) min $((SECONDS % 60)) s (set-up $setup_seconds s)"
[ "$total_failed" = 0 ] && [ "$total_passed" -gt 0 ]
