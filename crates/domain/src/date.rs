//! Calendar dates as `YYYY-MM-DD` text, checked without a clock: "today" is a parameter.

use std::fmt;

/// A valid Gregorian calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// Parses exactly `YYYY-MM-DD` (zero-padded) into a date that exists in the calendar.
    pub fn parse(s: &str) -> Option<Self> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<u16> {
            let part = s.get(r)?;
            part.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| part.parse().ok())?
        };
        let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
        let month = u8::try_from(month).ok()?;
        let day = u8::try_from(day).ok()?;
        if year == 0 || !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Self { year, month, day })
    }

    /// Whole years from `self` to `on` (a birthday on 29 February counts on 1 March in
    /// common years).
    pub fn years_until(self, on: Date) -> i32 {
        let mut years = i32::from(on.year) - i32::from(self.year);
        if (on.month, on.day) < (self.month, self.day) {
            years -= 1;
        }
        years
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn is_leap(year: u16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl crate::input::FromRaw for Date {
    fn from_raw(raw: crate::input::Raw) -> Option<Self> {
        Date::parse(&String::from_raw(raw)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_calendar_dates_parse() {
        assert!(Date::parse("2000-02-29").is_some());
        assert!(Date::parse("1900-02-29").is_none());
        assert!(Date::parse("2023-02-29").is_none());
        assert!(Date::parse("2024-04-31").is_none());
        assert!(Date::parse("2024-13-01").is_none());
        assert!(Date::parse("2024-1-01").is_none());
        assert!(Date::parse("2024/01/01").is_none());
        assert!(Date::parse("２０２４-01-01").is_none());
    }

    #[test]
    fn age_counts_whole_years() {
        let born = Date::parse("2008-11-21").unwrap();
        assert_eq!(born.years_until(Date::parse("2026-11-20").unwrap()), 17);
        assert_eq!(born.years_until(Date::parse("2026-11-21").unwrap()), 18);
        let leap = Date::parse("2008-02-29").unwrap();
        assert_eq!(leap.years_until(Date::parse("2026-02-28").unwrap()), 17);
        assert_eq!(leap.years_until(Date::parse("2026-03-01").unwrap()), 18);
    }
}
