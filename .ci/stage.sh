# Sourced by .ci/run and .ci/server-passes: `stage NAME COMMAND…` runs one stage and appends its
# time to $STAGE_TIMES ("<seconds>\t<stage>"), which .ci/run prints at the end.

stage() {
  local name="$1"
  shift
  local started=${EPOCHREALTIME/./} status=0
  "$@" || status=$?
  local tenths=$(((${EPOCHREALTIME/./} - started) / 100000))
  printf '%d.%d\t%s\n' $((tenths / 10)) $((tenths % 10)) "$name" >> "${STAGE_TIMES:-/dev/null}"
  return "$status"
}
