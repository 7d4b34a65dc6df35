//! JSON text to [`Raw`]: the browser hands its values over as one `JSON.stringify` string (one
//! crossing instead of one per field), and the server can read request bodies the same way.
//!
//! Numbers stay text (`Raw::Number`), so amounts are read as exact decimals and neither float
//! parsing nor float formatting is needed.

use super::{Raw, RawObject};

/// Deepest nesting accepted: forms are flat; this only stops hostile input.
const MAX_DEPTH: usize = 32;

/// Parses a complete JSON text (RFC 8259); `None` when it is not one.
pub fn from_json(text: &str) -> Option<Raw> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    p.skip_whitespace();
    let value = p.value()?;
    p.skip_whitespace();
    (p.at == p.bytes.len()).then_some(value)
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn value(&mut self) -> Option<Raw> {
        match self.peek()? {
            b'n' => self.literal("null", Raw::Missing),
            b't' => self.literal("true", Raw::Bool(true)),
            b'f' => self.literal("false", Raw::Bool(false)),
            b'"' => self.string().map(Raw::Str),
            b'[' => self.nested(Self::array),
            b'{' => self.nested(Self::object),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn literal(&mut self, word: &str, value: Raw) -> Option<Raw> {
        let end = self.at + word.len();
        (self.text.get(self.at..end)? == word).then(|| {
            self.at = end;
            value
        })
    }

    fn nested(&mut self, parse: fn(&mut Self) -> Option<Raw>) -> Option<Raw> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let value = parse(self);
        self.depth -= 1;
        value
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        self.at - start
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    fn number(&mut self) -> Option<Raw> {
        let start = self.at;
        let _ = self.eat(b'-');
        match self.peek()? {
            b'0' => self.at += 1,
            b'1'..=b'9' => {
                self.digits();
            }
            _ => return None,
        }
        if self.eat(b'.').is_some() && self.digits() == 0 {
            return None;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return None;
            }
        }
        Some(Raw::Number(self.text.get(start..self.at)?.to_owned()))
    }

    fn string(&mut self) -> Option<String> {
        self.eat(b'"')?;
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // Only ASCII bytes stop the run, so the run is whole UTF-8 characters.
            out.push_str(self.text.get(start..self.at)?);
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                b'\\' => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                _ => return None, // a raw control character
            }
        }
    }

    fn escape(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        Some(match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = self.hex4()?;
                if (0xD800..0xDC00).contains(&unit)
                    && self.text.get(self.at..self.at + 2) == Some("\\u")
                {
                    let save = self.at;
                    self.at += 2;
                    let low = self.hex4()?;
                    if (0xDC00..0xE000).contains(&low) {
                        let code = 0x10000
                            + ((u32::from(unit) - 0xD800) << 10)
                            + (u32::from(low) - 0xDC00);
                        return char::from_u32(code);
                    }
                    self.at = save;
                }
                // A lone surrogate (JSON.stringify writes them escaped) is not text.
                char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            _ => return None,
        })
    }

    fn hex4(&mut self) -> Option<u16> {
        let hex = self.text.get(self.at..self.at + 4)?;
        let unit = u16::from_str_radix(hex, 16)
            .ok()
            .filter(|_| hex.bytes().all(|b| b.is_ascii_hexdigit()))?;
        self.at += 4;
        Some(unit)
    }

    fn array(&mut self) -> Option<Raw> {
        self.eat(b'[')?;
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.eat(b']').is_some() {
            return Some(Raw::List(items));
        }
        loop {
            self.skip_whitespace();
            items.push(self.value()?);
            self.skip_whitespace();
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(Raw::List(items));
                }
                _ => return None,
            }
        }
    }

    fn object(&mut self) -> Option<Raw> {
        self.eat(b'{')?;
        let mut fields = Vec::new();
        self.skip_whitespace();
        if self.eat(b'}').is_some() {
            return Some(Raw::Object(RawObject(fields)));
        }
        loop {
            self.skip_whitespace();
            let key = self.string()?;
            self.skip_whitespace();
            self.eat(b':')?;
            self.skip_whitespace();
            fields.push((key, self.value()?));
            self.skip_whitespace();
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(Raw::Object(RawObject(fields)));
                }
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    /// What `serde_json` reads, as a `Raw` (numbers as their JSON text).
    fn expected(v: &Value) -> Raw {
        match v {
            Value::Null => Raw::Missing,
            Value::Bool(b) => Raw::Bool(*b),
            Value::Number(n) => Raw::Number(n.to_string()),
            Value::String(s) => Raw::Str(s.clone()),
            Value::Array(a) => Raw::List(a.iter().map(expected).collect()),
            Value::Object(o) => Raw::Object(RawObject(
                o.iter().map(|(k, v)| (k.clone(), expected(v))).collect(),
            )),
        }
    }

    #[test]
    fn reads_every_json_shape() {
        let raw = from_json(r#" {"a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "n": -12.5e+3, "z": 0, "l": [true, false, null, []], "o": {}} "#).unwrap();
        let Raw::Object(mut o) = raw else { panic!() };
        assert_eq!(
            o.take::<String>("a").value().map(String::as_str),
            Some("x\"\\/\u{8}\u{c}\n\r\té😀")
        );
        assert_eq!(o.require::<Raw>("n"), Some(Raw::Number("-12.5e+3".into())));
        assert_eq!(o.require::<Raw>("z"), Some(Raw::Number("0".into())));
        assert_eq!(
            o.require::<Raw>("l"),
            Some(Raw::List(vec![
                Raw::Bool(true),
                Raw::Bool(false),
                Raw::Missing,
                Raw::List(vec![])
            ]))
        );
    }

    #[test]
    fn refuses_what_is_not_json() {
        for bad in [
            "",
            "{",
            "}",
            "[1,]",
            "{\"a\":1,}",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "+1",
            "\"a",
            "'a'",
            "{a:1}",
            "[1 2]",
            "\"\u{1}\"",
            "\"\\x\"",
            "\"\\u12\"",
            "nul",
            "truth",
            "1 2",
            "NaN",
            "Infinity",
        ] {
            assert_eq!(from_json(bad), None, "{bad:?}");
        }
        assert_eq!(from_json(&"[".repeat(MAX_DEPTH + 1)), None);
        assert!(
            from_json(&format!(
                "{}{}",
                "[".repeat(MAX_DEPTH),
                "]".repeat(MAX_DEPTH)
            ))
            .is_some()
        );
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        assert_eq!(
            from_json(r#""\ud800x""#),
            Some(Raw::Str("\u{FFFD}x".into()))
        );
    }

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            (-1e15_f64..1e15).prop_map(Value::from),
            ".*".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec(("[a-zA-Z]{1,8}", inner), 0..6)
                    .prop_map(|fields| Value::Object(fields.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn reads_exactly_what_serde_json_writes(v in json_value()) {
            prop_assert_eq!(from_json(&v.to_string()), Some(expected(&v)));
            prop_assert_eq!(from_json(&serde_json::to_string_pretty(&v).unwrap()), Some(expected(&v)));
        }
    }
}
