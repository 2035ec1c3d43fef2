//! The x86 CPU's vendor and family (`cpuid` leaves 0 and 1), read once and cached: what the family
//! crates choose by where the fastest code depends on the CPU model rather than on its features.

#![allow(unsafe_code)] // `cpuid` is an `unsafe fn` at the MSRV (1.85); see `read`.

use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

#[cfg(target_arch = "x86")]
use core::arch::x86::__cpuid;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::__cpuid;

/// The CPU's vendor, from `cpuid` leaf 0's vendor string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Vendor {
    /// "AuthenticAMD".
    Amd,
    /// "HygonGenuine" (Zen-derived cores).
    Hygon,
    /// "GenuineIntel".
    Intel,
    /// Any other vendor string (virtual machines may report their own).
    Other,
}

impl Vendor {
    /// Whether the cores are AMD's designs (AMD, and Hygon's Zen-derived ones).
    #[must_use]
    pub fn is_amd_like(self) -> bool {
        matches!(self, Vendor::Amd | Vendor::Hygon)
    }
}

/// The vendor and the display family of this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cpu {
    /// The vendor.
    pub vendor: Vendor,
    /// The display family: the base family, plus the extended family where the base is 0xf
    /// (AMD Zen 3 and 4: 0x19, Zen 5: 0x1a; Intel Core: 6).
    pub family: u32,
}

/// This CPU's vendor and family (read with `cpuid` on the first call, then cached).
#[must_use]
pub fn cpu() -> Cpu {
    // 0: not read yet; else bit 31 set, the vendor's code in bits 16..18, the family below.
    static CACHE: AtomicU32 = AtomicU32::new(0);
    let code = match CACHE.load(Relaxed) {
        0 => {
            let code = encode(read());
            CACHE.store(code, Relaxed);
            code
        }
        code => code,
    };
    decode(code)
}

/// `cpuid` leaves 0 and 1.
#[cold]
fn read() -> Cpu {
    // `__cpuid` is an `unsafe fn` at the MSRV (safe in later Rust).
    #[allow(unused_unsafe)]
    // SAFETY: `cpuid` leaves 0 and 1 exist on every CPU the x86 and x86_64 targets run on (they
    // require `cpuid`); the instruction only reads identification registers.
    let (leaf0, eax1) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let mut name = [0u8; 12];
    name[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
    name[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
    name[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
    let vendor = match &name {
        b"AuthenticAMD" => Vendor::Amd,
        b"HygonGenuine" => Vendor::Hygon,
        b"GenuineIntel" => Vendor::Intel,
        _ => Vendor::Other,
    };
    let base = (eax1 >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((eax1 >> 20) & 0xff)
    } else {
        base
    };
    Cpu { vendor, family }
}

fn encode(cpu: Cpu) -> u32 {
    let vendor = match cpu.vendor {
        Vendor::Amd => 0,
        Vendor::Hygon => 1,
        Vendor::Intel => 2,
        Vendor::Other => 3,
    };
    1 << 31 | vendor << 16 | (cpu.family & 0xffff)
}

fn decode(code: u32) -> Cpu {
    let vendor = match (code >> 16) & 3 {
        0 => Vendor::Amd,
        1 => Vendor::Hygon,
        2 => Vendor::Intel,
        _ => Vendor::Other,
    };
    Cpu {
        vendor,
        family: code & 0xffff,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_holds_what_cpuid_says() {
        let direct = read();
        assert_eq!(cpu(), direct);
        assert_eq!(cpu(), direct, "the cached value");
        assert!(direct.family > 0, "every x86 CPU reports a family");
    }

    #[test]
    fn codes_round_trip() {
        for vendor in [Vendor::Amd, Vendor::Hygon, Vendor::Intel, Vendor::Other] {
            for family in [3, 6, 0xf, 0x17, 0x19, 0x1a, 0x10e] {
                let cpu = Cpu { vendor, family };
                assert_eq!(decode(encode(cpu)), cpu);
                assert_ne!(encode(cpu), 0, "0 means not read yet");
            }
        }
    }
}
