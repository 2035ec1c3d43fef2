//! A tiny reader over the fuzzer's bytes (no `arbitrary` dependency): every target decodes its
//! input with it, so seeds written by `fuzz/seeds.py` keep their meaning.
#![allow(dead_code)]

pub struct Input<'a>(pub &'a [u8]);

impl<'a> Input<'a> {
    /// One byte (0 when exhausted).
    pub fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// A little-endian u16 (0 when exhausted).
    pub fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | (u16::from(self.u8()) << 8)
    }

    /// `n` bytes, or fewer when exhausted.
    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.0.len());
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }

    /// Exactly `N` bytes, zero-padded when exhausted.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut a = [0u8; N];
        let b = self.bytes(N);
        a[..b.len()].copy_from_slice(b);
        a
    }

    /// A byte string whose length is given by the next byte (0..=255).
    pub fn short(&mut self) -> &'a [u8] {
        let n = usize::from(self.u8());
        self.bytes(n)
    }

    /// A byte string whose length is given by the next u16 (0..=65535).
    pub fn long(&mut self) -> &'a [u8] {
        let n = usize::from(self.u16());
        self.bytes(n)
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        let r = self.0;
        self.0 = &[];
        r
    }
}

/// Splits `msg` into chunks whose sizes come from `sizes` (cycled; 0-sized chunks included).
pub fn chunks<'m>(msg: &'m [u8], sizes: &[u8]) -> Vec<&'m [u8]> {
    let mut out = Vec::new();
    let mut rest = msg;
    let mut i = 0;
    while !rest.is_empty() {
        let s = if sizes.is_empty() {
            rest.len()
        } else {
            // Sizes around the block boundaries: the byte itself, or a multiple of 8 for big values.
            let b = usize::from(sizes[i % sizes.len()]);
            if b >= 200 { (b - 200) * 8 } else { b }
        };
        let n = s.min(rest.len());
        let (a, b) = rest.split_at(n);
        out.push(a);
        rest = b;
        i += 1;
        if i > 2_000 {
            out.push(rest);
            break;
        }
    }
    out
}
