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

/// Milliseconds in a day.
pub const DAY_MS: i64 = 86_400_000;

impl Date {
    /// The UTC date of an instant (milliseconds since the Unix epoch), for years 1 to 9999.
    pub fn of_instant_ms(ms: i64) -> Date {
        Date::from_epoch_days(ms.div_euclid(DAY_MS))
    }

    /// The date `days` after 1970-01-01 (H. Hinnant's civil-from-days).
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // ranges shown inline
    pub fn from_epoch_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097); // 0..=146_096
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..=399
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // 0..=365
        let mp = (5 * doy + 2) / 153; // 0..=11
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8; // 1..=31
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8; // 1..=12
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year: year.clamp(1, 9999) as u16,
            month,
            day,
        }
    }

    /// Days from 1970-01-01 to this date.
    pub fn epoch_days(self) -> i64 {
        let (month, day) = (i64::from(self.month), i64::from(self.day));
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// Midnight UTC starting this date, in milliseconds since the epoch.
    pub fn start_ms(self) -> i64 {
        self.epoch_days() * DAY_MS
    }

    /// The first day of this date's month.
    #[must_use]
    pub fn first_of_month(self) -> Date {
        Date { day: 1, ..self }
    }

    /// The first day of the month `months` after this date's month.
    #[must_use]
    pub fn first_of_month_after(self, months: u32) -> Date {
        let index = u32::from(self.year) * 12 + u32::from(self.month) - 1 + months;
        Date {
            year: u16::try_from(index / 12).unwrap_or(9999),
            month: u8::try_from(index % 12 + 1).unwrap_or(1),
            day: 1,
        }
    }
}

impl Date {
    /// The date `days` later (earlier when negative), across month, year and leap-day ends.
    #[must_use]
    pub fn add_days(self, days: i64) -> Date {
        Date::from_epoch_days(self.epoch_days() + days)
    }

    /// Days from `self` to `later` (negative when `later` is earlier).
    pub fn days_until(self, later: Date) -> i64 {
        later.epoch_days() - self.epoch_days()
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

/// Written as `YYYY-MM-DD` text.
impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read as `YYYY-MM-DD` text.
impl<'de> serde::Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        Date::parse(&text).ok_or_else(|| serde::de::Error::custom("not a YYYY-MM-DD date"))
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
    fn instants_map_to_utc_dates_and_back() {
        assert_eq!(Date::of_instant_ms(0).to_string(), "1970-01-01");
        assert_eq!(Date::of_instant_ms(-1).to_string(), "1969-12-31");
        assert_eq!(
            Date::of_instant_ms(1_790_000_000_000).to_string(),
            "2026-09-21"
        );
        assert_eq!(
            Date::of_instant_ms(951_782_400_000).to_string(),
            "2000-02-29"
        );
        for days in [-700_000, -1, 0, 59, 365, 10_957, 20_000, 2_000_000] {
            assert_eq!(Date::from_epoch_days(days).epoch_days(), days);
        }
        let d = Date::parse("2026-11-21").unwrap();
        assert_eq!(d.first_of_month().to_string(), "2026-11-01");
        assert_eq!(d.first_of_month_after(2).to_string(), "2027-01-01");
        assert_eq!(d.first_of_month_after(37).to_string(), "2029-12-01");
        assert_eq!(Date::of_instant_ms(d.start_ms()), d);
    }

    #[test]
    fn days_are_added_across_leap_days_and_year_ends() {
        let d = |s: &str| Date::parse(s).unwrap();
        assert_eq!(d("2028-02-28").add_days(1), d("2028-02-29"));
        assert_eq!(d("2028-02-29").add_days(1), d("2028-03-01"));
        assert_eq!(d("2027-02-28").add_days(1), d("2027-03-01"));
        assert_eq!(d("2026-12-31").add_days(1), d("2027-01-01"));
        assert_eq!(d("2027-01-01").add_days(-1), d("2026-12-31"));
        assert_eq!(d("2028-01-01").days_until(d("2029-01-01")), 366);
        assert_eq!(d("2027-01-01").days_until(d("2028-01-01")), 365);
        assert_eq!(d("2100-02-28").add_days(1), d("2100-03-01"));
        assert_eq!(serde_json::to_value(d("2028-02-29")).unwrap(), "2028-02-29");
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
