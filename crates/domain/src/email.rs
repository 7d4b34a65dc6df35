//! E-mail addresses: a practical subset of RFC 5321 without a regex engine (which would
//! cost the browser 150 KB and more).

use std::fmt;

/// Longest address SMTP carries (RFC 5321 path limit less the angle brackets).
pub const EMAIL_MAX: usize = 254;
const LOCAL_MAX: usize = 64;
const LABEL_MAX: usize = 63;

/// A syntactically valid e-mail address, trimmed and lower-cased (the canonical form used
/// to find an account).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        if s.is_empty() || s.len() > EMAIL_MAX || !s.is_ascii() {
            return None;
        }
        let (local, domain) = s.rsplit_once('@')?;
        (valid_local(local) && valid_domain(domain)).then(|| Email(s.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn valid_local(local: &str) -> bool {
    const SPECIALS: &[u8] = b"!#$%&'*+/=?^_`{|}~-.";
    !local.is_empty()
        && local.len() <= LOCAL_MAX
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || SPECIALS.contains(&b))
}

fn valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let tld = labels[labels.len() - 1];
    let tld_ok = (tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()))
        || (tld.len() > 4 && tld.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")));
    tld_ok
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= LABEL_MAX
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_addresses_and_canonicalises() {
        assert_eq!(
            Email::parse(" Jane.Doe+card@Example.COM ")
                .unwrap()
                .as_str(),
            "jane.doe+card@example.com"
        );
        assert!(Email::parse("a@b.co").is_some());
        assert!(Email::parse("x@xn--fiqs8s.xn--fiqz9s").is_some());
    }

    #[test]
    fn rejects_what_mail_servers_reject() {
        for bad in [
            "",
            "plain",
            "@example.com",
            "a@",
            "a@b",
            "a@b.c",
            "a..b@example.com",
            ".a@example.com",
            "a.@example.com",
            "a@-b.com",
            "a@b-.com",
            "a@b..com",
            "a b@example.com",
            "陳@example.com",
            "a@例子.com",
            "a@b.c0m",
            "a@@b.com",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
        let local = "a".repeat(65);
        assert!(Email::parse(&format!("{local}@example.com")).is_none());
        assert!(Email::parse(&format!("{}@example.com", "a".repeat(64))).is_some());
    }
}
