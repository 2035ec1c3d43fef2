#!/usr/bin/env python3
"""Generates keccak/src/hazmat/backends/aarch64_neon/rounds.rs: twelve Keccak-f[1600] rounds on
two states for aarch64 with plain NEON (no FEAT_SHA3: Cortex-A72/A76, Neoverse N1 / Graviton2),
as one inline-asm block with every register chosen here.

Usage: python3 keccak/gen/aarch64_neon_rounds.py > keccak/src/hazmat/backends/aarch64_neon/rounds.rs
(.ci/keccak.sh checks that the file is what this script writes.)

Register i holds lane i of both states (state 0 in the lower element). A round is 160
instructions for the two states (80 a state; the scalar round is about 140):
* theta's column parities: 4 EOR a column;
* theta's D[x] = C[x-1] ^ rol(C[x+1], 1): SHL, SRI (the rotation) and EOR, 3 a column;
* theta's XOR and rho's rotation of each lane in place: EOR into a spare register, then SHL and
  SRI back into the lane's register (3; lane 0, not rotated: 1 EOR); each column is done as soon
  as its D is, so D needs one register at a time (25 lanes, 5 parities, D and the spare: 32);
* pi: renaming, no instruction;
* chi: BIC and EOR a lane (the first two of a row into free registers, the other three in place);
* iota: LD1R of the round constant, EOR.
Registers are renamed instead of moved; at the end at most about 30 MOVs put lane i back in vi.
"""

ROUNDS = 12
# FIPS 202 rho offsets (rotation left) of lane x + 5y.
RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
# The order of theta's columns: each D[x] needs C[x-1] and C[x+1]; a parity register is freed
# once both D that need it are done (C0 after D1 and D4, ...).
COLUMNS = [1, 4, 0, 2, 3]


def generate():
    lane = [f"v{i}" for i in range(25)]  # register holding lane i
    free = [f"v{i}" for i in range(25, 32)]
    out = []

    def take():
        return free.pop(0)

    for _ in range(ROUNDS):
        # theta: column parities
        c = []
        for x in range(5):
            r = take()
            out.append(f"eor {r}.16b, {lane[x]}.16b, {lane[x + 5]}.16b")
            for y in (10, 15, 20):
                out.append(f"eor {r}.16b, {r}.16b, {lane[x + y]}.16b")
            c.append(r)
        uses = [2] * 5  # D's still to compute that read each parity
        for x in COLUMNS:
            left, right = c[(x - 1) % 5], c[(x + 1) % 5]
            d = take()
            out.append(f"shl {d}.2d, {right}.2d, #1")
            out.append(f"sri {d}.2d, {right}.2d, #63")
            out.append(f"eor {d}.16b, {d}.16b, {left}.16b")
            for k in ((x - 1) % 5, (x + 1) % 5):
                uses[k] -= 1
                if uses[k] == 0:
                    free.append(c[k])
            # theta applied and rho, in place, for the five lanes of column x
            t = free[0]
            for y in range(5):
                r, n = lane[x + 5 * y], RHO[x + 5 * y]
                if n == 0:
                    out.append(f"eor {r}.16b, {r}.16b, {d}.16b")
                else:
                    out.append(f"eor {t}.16b, {r}.16b, {d}.16b")
                    out.append(f"shl {r}.2d, {t}.2d, #{n}")
                    out.append(f"sri {r}.2d, {t}.2d, #{64 - n}")
            free.append(d)
        # pi: the register of lane src now holds lane dst
        b = [None] * 25
        for src in range(25):
            x, y = src % 5, src // 5
            b[y + 5 * ((2 * x + 3 * y) % 5)] = lane[src]
        # chi, row by row: a[k] = b[k] ^ (b[k+2] & !b[k+1]); the first two into free registers,
        # the other three in place (with a spare), then the first two's old registers are free.
        new = [None] * 25
        for y in range(5):
            row = b[5 * y:5 * y + 5]
            t0, t1 = take(), take()
            u = free[0]
            out.append(f"bic {t0}.16b, {row[2]}.16b, {row[1]}.16b")
            out.append(f"eor {t0}.16b, {t0}.16b, {row[0]}.16b")
            out.append(f"bic {t1}.16b, {row[3]}.16b, {row[2]}.16b")
            out.append(f"eor {t1}.16b, {t1}.16b, {row[1]}.16b")
            for k in (2, 3, 4):
                out.append(f"bic {u}.16b, {row[(k + 2) % 5]}.16b, {row[(k + 1) % 5]}.16b")
                out.append(f"eor {row[k]}.16b, {row[k]}.16b, {u}.16b")
            new[5 * y:5 * y + 5] = [t0, t1, row[2], row[3], row[4]]
            free.extend([row[0], row[1]])
        lane = new
        # iota
        t = free[0]
        out.append(f"ld1r {{{{{t}.2d}}}}, [{{rc}}], #8")
        out.append(f"eor {lane[0]}.16b, {lane[0]}.16b, {t}.16b")
        assert len(free) == 7, free
    # Put lane i back into vi: follow chains into free registers, break cycles with a free one.
    holder = {r: i for i, r in enumerate(lane)}  # register -> lane it holds
    moves = 0
    while True:
        pending = [i for i in range(25) if lane[i] != f"v{i}"]
        if not pending:
            break
        progressed = False
        for i in pending:
            target = f"v{i}"
            if target not in holder:  # target register holds no live lane
                out.append(f"mov {target}.16b, {lane[i]}.16b")
                del holder[lane[i]]
                holder[target] = i
                lane[i] = target
                moves += 1
                progressed = True
        if not progressed:  # only cycles left: move one lane aside
            i = pending[0]
            spare = next(f"v{k}" for k in range(25, 32) if f"v{k}" not in holder)
            out.append(f"mov {spare}.16b, {lane[i]}.16b")
            del holder[lane[i]]
            holder[spare] = i
            lane[i] = spare
            moves += 1
    return out, moves


def main():
    lines, moves = generate()
    per_round = (len(lines) - moves) / ROUNDS
    print("// Generated by keccak/gen/aarch64_neon_rounds.py; do not edit (.ci/keccak.sh checks it).")
    print(f"// {ROUNDS} rounds on two states: {len(lines)} instructions ({per_round:g} a round, then {moves}")
    print("// moves that put lane i back into register vi).")
    print()
    print("use core::arch::aarch64::uint64x2_t;")
    print("use core::arch::asm;")
    print()
    print("/// Twelve rounds of Keccak-f\\[1600\\] on the lanes in `a` (lane `i` of two states in `a[i]`),")
    print("/// with the round constants `rc[0..12]`, each loaded into both elements of a register.")
    print("///")
    print("/// # Safety")
    print("/// `rc` must point to 12 readable `u64`s (NEON is part of aarch64).")
    print("#[inline(always)]")
    print("pub(super) unsafe fn rounds12(a: &mut [uint64x2_t; 25], rc: *const u64) {")
    print("    // SAFETY: the caller guarantees the 12 round constants at `rc`; the block reads only")
    print("    // those, writes no memory and uses only the registers named below.")
    print("    unsafe {")
    print("        asm!(")
    # Five instructions to a template string (asm! joins the strings with newlines).
    for i in range(0, len(lines), 5):
        print('            "' + "\\n".join(lines[i:i + 5]) + '",')
    print("            rc = inout(reg) rc => _,")
    for i in range(25):
        print(f'            inout("v{i}") a[{i}],')
    for i in range(25, 32):
        print(f'            out("v{i}") _,')
    print("            options(nostack, readonly, preserves_flags),")
    print("        );")
    print("    }")
    print("}")


main()
