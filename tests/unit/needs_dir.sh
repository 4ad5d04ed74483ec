#!/usr/bin/env bash
# needs_dir.sh VAR DEFAULT COMMAND [ARGS...]
#
# Runs COMMAND when the folder $VAR (DEFAULT when VAR is unset or empty) exists, and exits 77
# ("skipped: ..."; ctest SKIP_RETURN_CODE) when it does not, so that a test of the development
# set (../shared/bench) is reported SKIPPED rather than passed without it.
set -u
var=$1 default=$2
shift 2
dir=${!var:-$default}
if [ ! -d "$dir" ]; then
  echo "skipped: no folder $dir (set $var)"
  exit 77
fi
export "$var=$dir"  # the command finds the folder by VAR, not by its own source path
exec "$@"
