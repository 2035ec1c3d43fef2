# The instructions a program executed, from a qemu `-d in_asm,exec,nochain` log (.ci/rv32.sh):
# every translated block is logged once with one `0x<address>: ...` line per instruction
# (`in_asm`), every execution of a block as `Trace <cpu>: <host> [<flags>/<guest pc>/...]`
# (`exec`, with `nochain` so that none is skipped). The count is the sum, over the executions, of
# the block's instructions: the same figure as one `-singlestep` log line per instruction. Exits 1
# when a block runs that was never logged (no figure rather than a wrong one).
function norm(s) { sub(/^0x/, "", s); sub(/^0+/, "", s); return s }
/^0x[0-9a-fA-F]+:/ { a = $1; sub(/:$/, "", a); if (cur == "") cur = norm(a); n++; next }
{ if (cur != "") { blocks[cur] = n; cur = ""; n = 0 } }
/^Trace/ { split($0, f, "/"); pc = norm(f[2]); if (!(pc in blocks)) bad = 1; total += blocks[pc] }
END { if (bad) { print "rv32.awk: a block ran that the log never showed" > "/dev/stderr"; exit 1 } print total }
