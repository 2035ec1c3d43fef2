//! Where two instruction-address traces part, in words a reader can look up: both tracers (ptrace on
//! x86_64, qemu's log on aarch64) report a failed comparison through [`first_difference`].

/// Where an address lies: `path+0xOFFSET`, relative to the first mapping of the file it is in (the
/// ELF virtual address of a PIE binary, for `addr2line -f -i -e path 0xOFFSET`), from this
/// process's mappings. The traced child is this same binary in the same layout (ASLR off under
/// ptrace; the same emulator layout under qemu-user), so its addresses resolve here.
fn locate(addr: u64) -> String {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap_or_default();
    let mut base: Option<(String, u64)> = None;
    for line in maps.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let Some((lo, hi)) = f.first().and_then(|r| r.split_once('-')) else {
            continue;
        };
        let (Ok(lo), Ok(hi)) = (u64::from_str_radix(lo, 16), u64::from_str_radix(hi, 16)) else {
            continue;
        };
        let path = f.get(5).copied().unwrap_or("?");
        if base.as_ref().is_none_or(|(p, _)| p != path) {
            base = Some((path.to_owned(), lo));
        }
        if (lo..hi).contains(&addr) {
            let b = base.as_ref().map_or(lo, |(_, b)| *b);
            return format!("{path}+{:#x}", addr - b);
        }
    }
    format!("{addr:#x}")
}

/// Describes the first difference of two traces: their lengths, the index where they part, the
/// instruction before it and the two instructions there.
pub fn first_difference(a: &[u64], b: &[u64]) -> String {
    let i = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let at = |t: &[u64]| t.get(i).map_or("end of trace".into(), |&x| locate(x));
    let prev = if i > 0 {
        locate(a[i - 1])
    } else {
        "the first marker".into()
    };
    format!(
        "lengths {} and {} instructions; first difference at instruction {i}, after {prev}: {} vs {}",
        a.len(),
        b.len(),
        at(a),
        at(b)
    )
}
