//! JSON vector sets (Wycheproof, ACVP, RFC 9861, SP 800-185): `serde_json` plus small accessors.

pub use serde_json::{self, Value};

/// Parses a JSON document (panics with the error on malformed test data).
#[must_use]
#[track_caller]
pub fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("malformed JSON: {e}"))
}

/// `v[key]` as a string (panics if absent or not a string).
#[must_use]
#[track_caller]
pub fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("missing string field {key:?} in {v}"))
}

/// `v[key]` decoded from hex (panics if absent).
#[must_use]
#[track_caller]
pub fn hex_field(v: &Value, key: &str) -> Vec<u8> {
    crate::unhex(str_field(v, key))
}

/// `v[key]` as an unsigned integer (panics if absent).
#[must_use]
#[track_caller]
pub fn u64_field(v: &Value, key: &str) -> u64 {
    v.get(key)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("missing integer field {key:?} in {v}"))
}

/// `v[key]` as an array (panics if absent).
#[must_use]
#[track_caller]
pub fn array_field<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key).and_then(Value::as_array).map_or_else(
        || panic!("missing array field {key:?} in {v}"),
        Vec::as_slice,
    )
}

/// Every test of a Wycheproof file, with its group: `(group, test)` pairs.
#[must_use]
pub fn wycheproof_tests(doc: &Value) -> Vec<(&Value, &Value)> {
    let mut out = Vec::new();
    for g in array_field(doc, "testGroups") {
        for t in array_field(g, "tests") {
            out.push((g, t));
        }
    }
    out
}
