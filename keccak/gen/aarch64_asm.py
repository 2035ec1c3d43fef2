"""Shared by the aarch64 round generators (aarch64_sha3_rounds.py, aarch64_neon_rounds.py): the
FIPS 202 rho offsets, the moves that put lane i back into register vi after the renamed rounds,
and the Rust file around the assembly."""

ROUNDS = 12
# FIPS 202 rho offsets (rotation left) of lane x + 5y.
RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]


def move_home(lane, out):
    """Appends to `out` the MOVs that put lane i (in register lane[i]) back into vi; returns
    how many."""
    # Follow chains into free registers, break cycles with a free one.
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
    return moves


def print_rust(lines, head, doc, safety, arch=None):
    """Prints the Rust file: `head` (the generated-file comment lines), then `rounds12` with the
    doc lines `doc`, the `// SAFETY:` lines `safety`, and `lines` as one asm! block, five
    instructions to a template string (`arch`: an `.arch_extension` line first)."""
    for h in head:
        print(h)
    print()
    print("use core::arch::aarch64::uint64x2_t;")
    print("use core::arch::asm;")
    print()
    for d in doc:
        print(d)
    print("#[inline(always)]")
    print("pub(super) unsafe fn rounds12(a: &mut [uint64x2_t; 25], rc: *const u64) {")
    for s in safety:
        print(s)
    print("    unsafe {")
    print("        asm!(")
    if arch:
        print(f'            ".arch_extension {arch}",')
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
