# lib.sh — what the tests/cli/*.sh scripts share (sourced after `craig` is set; needs bash).
#
#   tmp          a fresh directory, removed on exit
#   ok NAME      counts a passed check and prints `ok   NAME`
#   fail NAME W  counts a failed check, prints `FAIL NAME: W` and the first lines of the output
#   run NAME RC ARGS...   runs craig ARGS (stdout, stderr to $tmp/out, $tmp/err; at most 60 s)
#                and fails NAME unless the exit code is RC; sets $rc
#   has out|err TEXT      the output contains TEXT
#   finish       prints `N passed, M failed`; exit status 1 if anything failed
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
  failed=$((failed + 1))
  echo "FAIL $1: $2"
  for f in "$tmp/out" "$tmp/err"; do [ -s "$f" ] && sed 's/^/  | /' "$f" | head -8; done
}
run() {
  local name=$1 want=$2
  shift 2
  timeout 60 "$craig" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  [ "$rc" -eq "$want" ] || { fail "$name" "exit code $rc, expected $want"; return 1; }
}
has() { grep -qF -- "$2" "$tmp/$1"; }
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
