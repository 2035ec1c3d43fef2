//! Line-oriented vector files: one parser, one renderer.
//!
//! The parser accepts every `Name = value` format of `../shared/kat`:
//! * NIST LWC KAT text (`Count`/`Key`/`Nonce`/`PT`/`AD`/`CT`, `Count`/`Msg`/`MD`, LeMac's `Count`/`Key`/`Nonce`/`Msg`/`Tag`),
//! * NIST CAVP `.rsp` (`[L = 256]` headers, `Len`/`Msg`/`MD`, Monte Carlo `Seed`/`COUNT`/`MD`, VariableOut),
//! * the Keccak team's KAT files (`Len`/`Msg`/`MD`, `Squeezed`, `Repeat`/`Text`).
//!
//! Records are separated by blank lines; `#` lines are comments; `[Name = value]` (or `[text]`) lines set
//! headers that apply to every following record until the next header block. CR is ignored.

use std::fmt::Write as _;

/// One record: its fields in file order and the headers in force where it appears.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// `(name, value)` pairs in file order; values are trimmed of surrounding whitespace.
    pub fields: Vec<(String, String)>,
    /// `[Name = value]` headers in force (a bare `[text]` header has an empty value).
    pub headers: Vec<(String, String)>,
}

impl Record {
    /// The value of the first field called `name` (exact, case-sensitive).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of field `name`; panics with the record if it is missing.
    #[must_use]
    #[track_caller]
    pub fn field(&self, name: &str) -> &str {
        self.get(name)
            .unwrap_or_else(|| panic!("field {name:?} missing in {self:?}"))
    }

    /// Field `name` decoded from hex.
    #[must_use]
    #[track_caller]
    pub fn hex(&self, name: &str) -> Vec<u8> {
        crate::unhex(self.field(name))
    }

    /// Field `name` parsed as a decimal integer.
    #[must_use]
    #[track_caller]
    pub fn num(&self, name: &str) -> usize {
        let v = self.field(name);
        v.parse()
            .unwrap_or_else(|_| panic!("field {name:?} = {v:?} is not a number"))
    }

    /// The value of header `name` (e.g. `L` for `[L = 256]`).
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The CAVP / Keccak-team message: `Msg` truncated to `Len` bits (`Len = 0` carries a dummy `00`).
    /// Panics on a length that is not a multiple of 8.
    #[must_use]
    #[track_caller]
    pub fn msg_by_bit_len(&self) -> Vec<u8> {
        let bits = self.num("Len");
        assert!(
            bits % 8 == 0,
            "bit-level message lengths are not supported: Len = {bits}"
        );
        let mut m = self.hex("Msg");
        assert!(m.len() >= bits / 8, "Msg shorter than Len in {self:?}");
        m.truncate(bits / 8);
        m
    }
}

/// Parses a line-oriented vector file into records (see the module docs).
#[must_use]
pub fn parse(text: &str) -> Vec<Record> {
    let mut out = Vec::new();
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut in_header_block = false;
    let mut cur = Record::default();
    let flush = |cur: &mut Record, out: &mut Vec<Record>| {
        if !cur.fields.is_empty() {
            out.push(core::mem::take(cur));
        }
    };
    for raw in text.split('\n') {
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut cur, &mut out);
            continue;
        }
        if trimmed.starts_with('#') {
            continue;
        }
        if let Some(inner) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            flush(&mut cur, &mut out);
            if !in_header_block {
                headers.clear();
                in_header_block = true;
            }
            let (k, v) = inner
                .split_once('=')
                .map_or((inner.trim(), ""), |(k, v)| (k.trim(), v.trim()));
            headers.push((k.to_string(), v.to_string()));
            continue;
        }
        in_header_block = false;
        if let Some((k, v)) = line.split_once('=') {
            if cur.fields.is_empty() {
                cur.headers = headers.clone();
            }
            cur.fields
                .push((k.trim().to_string(), v.trim().to_string()));
        }
        // Lines without '=' (free text) are ignored.
    }
    flush(&mut cur, &mut out);
    out
}

/// A field value for [`render_lwc`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A decimal number (`Count = 7`).
    Num(usize),
    /// Bytes written as upper-case hex (`Key = 0001...`); empty bytes give `Key = ` (trailing space).
    Hex(Vec<u8>),
    /// Text written as is.
    Text(String),
}

/// Renders records in the NIST LWC KAT layout: `Name = value` lines, upper-case hex, a blank line after
/// every record (also the last), LF line ends. This is byte for byte the layout of the ascon-c,
/// NIST LWC (Sparkle) and LeMac vector files, so the SHA-256 of the rendering can be compared with the
/// official file's.
#[must_use]
pub fn render_lwc(records: &[Vec<(&str, Value)>]) -> String {
    let mut s = String::new();
    for r in records {
        for (k, v) in r {
            match v {
                Value::Num(n) => writeln!(s, "{k} = {n}"),
                Value::Hex(b) => writeln!(s, "{k} = {}", crate::hex_upper(b)),
                Value::Text(t) => writeln!(s, "{k} = {t}"),
            }
            .expect("writing to a String cannot fail");
        }
        s.push('\n');
    }
    s
}
