//! Output lines (GNU untagged, BSD tagged), GNU file-name escaping, and the check-line parser.

use crate::algorithms::{self, Algorithm};

/// Lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// Parses hex of either case; `None` on odd length or a non-hex character.
pub(crate) fn unhex(s: &[u8]) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    fn nib(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    s.chunks(2)
        .map(|p| Some(nib(p[0])? << 4 | nib(p[1])?))
        .collect()
}

/// Whether a name needs GNU escaping (it contains `\`, LF or CR, or NUL: only a name read
/// from a checksum list can hold one).
pub(crate) fn needs_escape(name: &[u8]) -> bool {
    name.iter().any(|&c| matches!(c, b'\\' | b'\n' | b'\r' | 0))
}

/// GNU escaping: `\` → `\\`, LF → `\n`, CR → `\r`; and NUL → `\0`, for printing only
/// ([`unescape`] refuses it: no file can have such a name).
pub(crate) fn escape(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len() + 4);
    for &c in name {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0 => out.extend_from_slice(b"\\0"),
            _ => out.push(c),
        }
    }
    out
}

/// Inverse of [`escape`]; `None` on a dangling or unknown escape.
pub(crate) fn unescape(name: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(name.len());
    let mut it = name.iter();
    while let Some(&c) = it.next() {
        if c == b'\\' {
            match it.next()? {
                b'\\' => out.push(b'\\'),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// How hash-mode lines look.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineStyle {
    /// BSD `ALGO (name) = hex`.
    pub(crate) tag: bool,
    /// Hex only.
    pub(crate) no_names: bool,
    /// NUL-terminated, no escaping.
    pub(crate) zero: bool,
    /// GNU binary mode: `hex *name` instead of `hex  name`.
    pub(crate) binary: bool,
}

/// One output line of hash mode, terminator included.
pub(crate) fn line(alg: &Algorithm, digest: &[u8], name: &[u8], style: LineStyle) -> Vec<u8> {
    let end = if style.zero { b'\0' } else { b'\n' };
    let hex = hex(digest);
    let mut out = Vec::with_capacity(hex.len() + name.len() + 32);
    if style.no_names {
        out.extend_from_slice(hex.as_bytes());
        out.push(end);
        return out;
    }
    let esc = !style.zero && needs_escape(name);
    let name: std::borrow::Cow<'_, [u8]> = if esc {
        escape(name).into()
    } else {
        name.into()
    };
    if esc {
        out.push(b'\\');
    }
    if style.tag {
        out.extend_from_slice(alg.tag_for(digest.len()).as_bytes());
        out.extend_from_slice(b" (");
        out.extend_from_slice(&name);
        out.extend_from_slice(b") = ");
        out.extend_from_slice(hex.as_bytes());
    } else {
        out.extend_from_slice(hex.as_bytes());
        out.extend_from_slice(if style.binary { b" *" } else { b"  " });
        out.extend_from_slice(&name);
    }
    out.push(end);
    out
}

/// A well-formed check line.
#[derive(Debug)]
pub(crate) struct CheckLine<'r> {
    /// The algorithm (from the tag, or `-a` for untagged lines).
    pub(crate) alg: &'r Algorithm,
    /// The expected digest.
    pub(crate) expected: Vec<u8>,
    /// The file name, unescaped.
    pub(crate) name: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// How a line of a checksum list failed to parse.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum BadLine {
    /// Not a checksum line of either style.
    Malformed,
    /// A well-formed tagged line naming an algorithm this build does not have (`SHA256`,
    /// `BLAKE3`, ...): the tag as written.
    Unsupported(String),
}

/// The tag of a line shaped `TAG (name) = hex` (GNU/BSD tagged style), whatever the tag.
fn tag_shape(s: &[u8]) -> Option<&[u8]> {
    let p = find(s, b" (")?;
    let tag = &s[..p];
    let q = rfind(&s[p..], b") = ")?;
    let hex = &s[p + q + 4..];
    let tag_ok = !tag.is_empty()
        && tag.len() <= 32
        && tag
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_'));
    let digest_ok = !hex.is_empty()
        && hex
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'='));
    (tag_ok && digest_ok).then_some(tag)
}

/// Parses one line of a checksum list (its terminator already removed). `untagged` is the
/// algorithm for untagged lines and `length` the `-l` value, if any; `strip_cr` drops a trailing
/// CR (newline-separated lists; never in `-z` lists, where a CR is part of the name).
pub(crate) fn parse_check_line<'r>(
    reg: &'r [Algorithm],
    untagged: &'r Algorithm,
    length: Option<usize>,
    strip_cr: bool,
    line: &[u8],
) -> Result<CheckLine<'r>, BadLine> {
    let mut s = line;
    if strip_cr {
        // CRLF lists: the CR belongs to the line end, not to the name.
        s = s.strip_suffix(b"\r").unwrap_or(s);
    }
    let escaped = s.first() == Some(&b'\\');
    if escaped {
        s = &s[1..];
    }
    let finish =
        |alg: &'r Algorithm, len: usize, hex: &[u8], name: &[u8]| -> Option<CheckLine<'r>> {
            if hex.len() != 2 * len || name.is_empty() {
                return None;
            }
            let expected = unhex(hex)?;
            let name = if escaped {
                unescape(name)?
            } else {
                name.to_vec()
            };
            Some(CheckLine {
                alg,
                expected,
                name,
            })
        };
    // Tagged: `ALGO (name) = hex`, split from the right at the last `) = `.
    if let Some(p) = find(s, b" (") {
        if let Some((alg, len)) = algorithms::by_tag(reg, &s[..p]) {
            let rest = &s[p + 2..];
            // The tag carries the length; -l only applies to untagged lines.
            let q = rfind(rest, b") = ").ok_or(BadLine::Malformed)?;
            return finish(alg, len, &rest[q + 4..], &rest[..q]).ok_or(BadLine::Malformed);
        }
    }
    parse_untagged(untagged, length, s)
        .and_then(|(len, hex, name)| finish(untagged, len, hex, name))
        .ok_or_else(|| match tag_shape(s) {
            // A tagged line of an algorithm we do not have (a `sha256sum --tag` or
            // `b3sum --tag` list): say so rather than "improperly formatted".
            Some(tag) => BadLine::Unsupported(String::from_utf8_lossy(tag).into_owned()),
            None => BadLine::Malformed,
        })
}

/// Splits an untagged line into the digest length it must have, its hex and its name.
fn parse_untagged<'s>(
    untagged: &Algorithm,
    length: Option<usize>,
    s: &'s [u8],
) -> Option<(usize, &'s [u8], &'s [u8])> {
    // Untagged: `hex  name`, `hex *name` (binary marker) or `hex name` (single space).
    let sp = s.iter().position(|&c| c == b' ')?;
    let (hex, mut name) = (&s[..sp], &s[sp + 1..]);
    if matches!(name.first(), Some(b' ' | b'*')) {
        name = &name[1..];
    }
    let (lo, hi) = untagged.lengths;
    let len = match length {
        _ if !untagged.is_variable() => untagged.out_len,
        Some(l) => l,
        // Variable-length lines carry their length in the number of hex digits.
        None if (2 * lo..=2 * hi).contains(&hex.len()) => hex.len() / 2,
        None => untagged.out_len,
    };
    Some((len, hex, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_round_trip() {
        let n = b"a\\b\nc\rd";
        assert!(needs_escape(n));
        assert_eq!(escape(n), b"a\\\\b\\nc\\rd");
        assert_eq!(unescape(&escape(n)).unwrap(), n);
        assert_eq!(unescape(b"bad\\x"), None);
        assert_eq!(unescape(b"dangling\\"), None);
        assert!(!needs_escape(b"plain name"));
        // NUL is shown escaped but never read back.
        assert!(needs_escape(b"a\0b"));
        assert_eq!(escape(b"a\0b"), b"a\\0b");
        assert_eq!(unescape(b"a\\0b"), None);
    }

    /// No line panics the parser: lines built from the characters that matter to it.
    #[test]
    fn parser_never_panics() {
        let reg = algorithms::registry();
        let Some(untagged) = reg.first() else {
            return;
        };
        const ALPHABET: &[&[u8]] = &[
            b"(",
            b")",
            b" = ",
            b") = ",
            b" (",
            b" ",
            b"  ",
            b"*",
            b"\\",
            b"\\n",
            b"\r",
            b"-",
            b"0",
            b"a",
            b"F",
            b"g",
            b"KT128",
            b"KT128-",
            b"-256",
            b"SHA3-256",
            b"KMAC128-8",
            b"LEMAC",
            b"\xff",
            b"00112233445566778899aabbccddeeff",
        ];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let mut line = Vec::new();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = (x % 12) as usize;
            for i in 0..n {
                let pick = (x >> (i * 5)) as usize % ALPHABET.len();
                line.extend_from_slice(ALPHABET[pick]);
            }
            for strip_cr in [false, true] {
                for length in [None, Some(1), Some(16)] {
                    let _ = parse_check_line(&reg, untagged, length, strip_cr, &line);
                }
            }
        }
    }

    #[test]
    fn hex_both_cases() {
        assert_eq!(unhex(b"00aAfF"), Some(vec![0, 0xaa, 0xff]));
        assert_eq!(unhex(b"0"), None);
        assert_eq!(unhex(b"0g"), None);
        assert_eq!(hex(&[0, 0xab, 0xff]), "00abff");
    }
}
