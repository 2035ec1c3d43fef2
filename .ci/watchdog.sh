# The watchdog of .ci/run (sourced by it): `stage`, which runs one stage under its time limit and
# records its summary line, and `run_summary`, which prints them all at the end.
#
# Expects from .ci/run: SELECTED (the stage names asked for, empty = all), LIST_ONLY, START and
# RUN_LIMIT. Every stage runs under a time limit (the second argument of `stage`: about 2.5 times
# what the stage takes on the 2-core CI machine). A stage past its limit is killed with everything
# it started and fails with a message naming what was still running; no stage runs past the run's
# own limit (RUN_LIMIT), so a hang anywhere still ends in a full summary. CI_STAGE_LIMIT=<seconds>
# overrides every stage's limit (for trying the watchdog out).

STAGES=()
PASSED=0
FAILED=0

# selected NAME: whether this run runs stage NAME (setup always; "family" selects every family-*
# stage; the selftest-* stages only when named).
selected() {
  [ ${#SELECTED[@]} -eq 0 ] && [[ "$1" != selftest-* ]] && return 0
  local s
  for s in "${SELECTED[@]}"; do
    [ "$s" = "$1" ] || { [ "$s" = family ] && [[ "$1" == family-* ]]; } && return 0
  done
  [ "$1" = setup ]
}

# stage NAME LIMIT_SECONDS COMMAND...
# Runs COMMAND (a function or program) in its own process group. A watchdog kills the group when
# LIMIT_SECONDS have passed: SIGTERM, then SIGKILL 15 s later.
stage() {
  local name=$1 limit=$2; shift 2
  selected "$name" || return 0
  if [ -n "$LIST_ONLY" ]; then
    [ "$name" = setup ] || echo "$name"
    return 0
  fi
  limit=${CI_STAGE_LIMIT:-$limit}
  local t0 flag pid wd rc r left why="its limit"
  t0=$(date +%s)
  left=$((START + RUN_LIMIT - t0))
  if [ "$left" -le 0 ]; then
    r="FAILED: not run: the run's limit of $RUN_LIMIT s (CI_RUN_LIMIT) was reached"
    FAILED=$((FAILED + 1)); STAGES+=("stage $name: $r"); echo "stage $name: $r"
    return 0
  fi
  [ "$left" -lt "$limit" ] && { limit=$left; why="what was left of the run's $RUN_LIMIT s"; }
  flag=$(mktemp /tmp/lwc-ci-watchdog.XXXXXX)
  echo "::group::$name"
  echo "+ $* (time limit $limit s)"
  set -m # background jobs get their own process groups, so each can be killed whole
  ( "$@" ) &
  pid=$!
  (
    trap 'exit 0' TERM
    sleep "$limit" &
    wait $!
    # What is still running, newest first: names the hung test binary (or qemu) for the summary.
    # The leaves of the group's process tree (the test binary, qemu), the newest first.
    ps -e -o pgid=,pid=,ppid=,etimes=,args= --sort=etimes | awk -v g="$pid" '
      $1 == g { n++; id[n] = $2; parent[$3] = 1; $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); cmd[n] = $0 }
      END { for (i = 1; i <= n; i++) if (!(id[i] in parent)) print cmd[i] }' >"$flag"
    echo "stage $name: time limit of $limit s reached; killing process group $pid:" >&2
    ps -e -o pgid=,pid=,etimes=,args= --forest | awk -v g="$pid" '$1 == g' >&2
    [ -s "$flag" ] || echo "(stage ended as its limit was reached)" >"$flag"
    kill -TERM -- -"$pid" 2>/dev/null
    sleep 15
    kill -KILL -- -"$pid" 2>/dev/null
  ) &
  wd=$!
  set +m
  wait "$pid"
  rc=$?
  kill -TERM -- -"$wd" 2>/dev/null
  wait "$wd" 2>/dev/null
  if [ -s "$flag" ]; then
    r="FAILED: TIMED OUT after $limit s ($why); still running: $(head -c 300 "$flag" | head -1)"
    FAILED=$((FAILED + 1))
  elif [ $rc -eq 0 ]; then
    r=ok; PASSED=$((PASSED + 1))
  else
    r=FAILED; FAILED=$((FAILED + 1))
  fi
  rm -f "$flag"
  echo "::endgroup::"
  local line="stage $name: $r ($(( $(date +%s) - t0 )) s)"
  STAGES+=("$line")
  echo "$line"
}

# run_summary: the summary lines of every stage, the totals; fails if a stage failed.
run_summary() {
  local l total=$(( $(date +%s) - START ))
  echo
  echo "==== summary ===="
  for l in "${STAGES[@]}"; do echo "$l"; done
  echo "ci: $PASSED passed, $FAILED failed; total time $total s ($((total / 60)) min $((total % 60)) s); run limit $RUN_LIMIT s"
  [ "$FAILED" -eq 0 ]
}
