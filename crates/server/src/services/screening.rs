//! Screening (DESIGN §7): at commit, the names a verification gives (the person, the company,
//! its directors) are compared with a sanctions and PEP list kept in the database (`fiscard admin screening
//! import FILE`). The name decides (Jaro-Winkler similarity, after folding case, punctuation and
//! word order); date of birth and country add evidence. A hit above the threshold holds the
//! case for a reviewer, with the score of each feature.
//!
//! The list file is tab-separated text, one name a line: `name`, `birth date` (YYYY-MM-DD or
//! empty), `country` (ISO 3166-1 alpha-2 or empty), `list`; lines starting with `#` are notes.
//! Importing a list screens every approved user again ([`rescreen`]).

pub mod rescreen;

use diesel::prelude::*;
use domain::review::Verification;
use serde::Serialize;
use serde_json::Value;

use crate::api::AppError;
use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::screening_entries;
use crate::services::identity::Answers;
use crate::state::AppState;

/// The name similarity (0–1) from which a name is a candidate.
pub const NAME_THRESHOLD: f64 = 0.88;
/// The overall score from which a candidate holds the case.
pub const HIT_THRESHOLD: f64 = 0.85;

/// Weights of the features in the overall score; an unknown feature counts half.
const NAME_WEIGHT: f64 = 0.7;
const BIRTH_WEIGHT: f64 = 0.15;
const COUNTRY_WEIGHT: f64 = 0.15;

/// One listed name.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Entry {
    pub list: String,
    pub name: String,
    pub birth_date: Option<String>,
    pub country: Option<String>,
}

/// Who is screened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    /// What the name is: `person`, `company`, `director`.
    pub role: &'static str,
    pub name: String,
    pub birth_date: Option<String>,
    pub country: Option<String>,
}

/// A listed name that matches a subject, with the score of each feature.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    pub role: String,
    pub subject: String,
    pub listed: String,
    pub list: String,
    /// Jaro-Winkler similarity of the folded names.
    pub name_score: f64,
    /// 1 same, 0 different, 0.5 unknown on either side.
    pub birth_date_score: f64,
    pub country_score: f64,
    pub score: f64,
}

/// Lower case, letters and digits only, words sorted (so "SMITH, John" is "john smith").
fn fold(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect();
    let mut words: Vec<&str> = cleaned.split_whitespace().collect();
    words.sort_unstable();
    words.join(" ")
}

fn feature(a: Option<&str>, b: Option<&str>) -> f64 {
    match (a.map(str::trim), b.map(str::trim)) {
        (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => {
            if a.eq_ignore_ascii_case(b) {
                1.0
            } else {
                0.0
            }
        }
        _ => 0.5,
    }
}

/// The hits of `subject` in `entries`, best first.
pub fn screen(subject: &Subject, entries: &[Entry]) -> Vec<Hit> {
    let folded = fold(&subject.name);
    if folded.is_empty() {
        return Vec::new();
    }
    let mut hits: Vec<Hit> = entries
        .iter()
        .filter_map(|entry| {
            let name_score = strsim::jaro_winkler(&folded, &fold(&entry.name));
            if name_score < NAME_THRESHOLD {
                return None;
            }
            let birth_date_score =
                feature(subject.birth_date.as_deref(), entry.birth_date.as_deref());
            let country_score = feature(subject.country.as_deref(), entry.country.as_deref());
            let score = NAME_WEIGHT * name_score
                + BIRTH_WEIGHT * birth_date_score
                + COUNTRY_WEIGHT * country_score;
            // Decided on the score as shown (3 decimals): a name alone that matches exactly, with
            // both other features unknown, scores 0.85 and not 0.8499999….
            (round(score) >= HIT_THRESHOLD).then(|| Hit {
                role: subject.role.to_owned(),
                subject: subject.name.clone(),
                listed: entry.name.clone(),
                list: entry.list.clone(),
                name_score: round(name_score),
                birth_date_score,
                country_score,
                score: round(score),
            })
        })
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The names a verification's answers give.
pub fn subjects(verification: Verification, answers: &Answers) -> Vec<Subject> {
    let text = |key: &str| {
        answers
            .get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    match verification {
        Verification::Basic => {
            let name = [text("firstName"), text("lastName")]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
            vec![Subject {
                role: "person",
                name,
                birth_date: text("birthday"),
                country: text("country"),
            }]
        }
        Verification::Investor => {
            let company = text("companyName").map(|name| Subject {
                role: "company",
                name,
                birth_date: None,
                country: answers
                    .get("registerJurisdictions")
                    .and_then(Value::as_array)
                    .and_then(|c| c.first())
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            });
            // Each director by name alone: the form asks neither birth date nor nationality.
            let directors = answers
                .get("directorNames")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(|name| Subject {
                    role: "director",
                    name: name.to_owned(),
                    birth_date: None,
                    country: None,
                });
            company.into_iter().chain(directors).collect()
        }
        Verification::Aml | Verification::Qualify => Vec::new(),
    }
}

pub fn entries(conn: &mut DbConnection) -> QueryResult<Vec<Entry>> {
    screening_entries::table
        .select((
            screening_entries::list,
            screening_entries::name,
            screening_entries::birth_date,
            screening_entries::country,
        ))
        .load(conn)
}

/// The hits of the names in `answers` against the list in the database.
pub async fn screen_answers(
    state: &AppState,
    verification: Verification,
    answers: &Answers,
) -> Result<Vec<Hit>, AppError> {
    let subjects = subjects(verification, answers);
    if subjects.is_empty() {
        return Ok(Vec::new());
    }
    let entries = state
        .db
        .read(|conn| entries(conn).map_err(AppError::from))
        .await?;
    Ok(subjects.iter().flat_map(|s| screen(s, &entries)).collect())
}

/// Reads a list file (see the module's docs); the line number of the first bad line.
pub fn parse_list(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
        let optional = |i: usize| {
            cells
                .get(i)
                .filter(|c| !c.is_empty())
                .map(|c| (*c).to_owned())
        };
        let (Some(name), Some(list)) = (optional(0), optional(3)) else {
            return Err(format!("line {}: name and list are required", index + 1));
        };
        let birth_date = optional(1);
        if birth_date
            .as_deref()
            .is_some_and(|d| domain::date::Date::parse(d).is_none())
        {
            return Err(format!(
                "line {}: the birth date is not YYYY-MM-DD",
                index + 1
            ));
        }
        entries.push(Entry {
            list,
            name,
            birth_date,
            country: optional(2).map(|c| c.to_ascii_uppercase()),
        });
    }
    Ok(entries)
}

/// Replaces the lists the file names with its entries; how many were imported.
pub fn import(conn: &mut DbConnection, entries: &[Entry], now: i64) -> QueryResult<usize> {
    let mut lists: Vec<&str> = entries.iter().map(|e| e.list.as_str()).collect();
    lists.sort_unstable();
    lists.dedup();
    diesel::delete(screening_entries::table.filter(screening_entries::list.eq_any(&lists)))
        .execute(conn)?;
    for entry in entries {
        diesel::insert_into(screening_entries::table)
            .values((
                screening_entries::id.eq(new_id()),
                screening_entries::list.eq(&entry.list),
                screening_entries::name.eq(&entry.name),
                screening_entries::birth_date.eq(&entry.birth_date),
                screening_entries::country.eq(&entry.country),
                screening_entries::imported_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(entries.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, birth: Option<&str>, country: Option<&str>) -> Entry {
        Entry {
            list: "test".into(),
            name: name.into(),
            birth_date: birth.map(Into::into),
            country: country.map(Into::into),
        }
    }

    fn person(name: &str, birth: &str, country: &str) -> Subject {
        Subject {
            role: "person",
            name: name.into(),
            birth_date: Some(birth.into()),
            country: Some(country.into()),
        }
    }

    #[test]
    fn names_match_across_case_punctuation_order_and_small_spelling_differences() {
        let list = [entry("SMITH, John", Some("1970-01-02"), Some("GB"))];
        let hit = &screen(&person("John Smith", "1970-01-02", "GB"), &list)[0];
        assert!((hit.name_score - 1.0).abs() < 1e-9 && (hit.score - 1.0).abs() < 1e-9);
        let near = screen(&person("Jon Smith", "1970-01-02", "GB"), &list);
        assert_eq!(near.len(), 1, "one letter off still matches");
        assert!(near[0].name_score < 1.0);
        assert!(screen(&person("Ada Lovelace", "1970-01-02", "GB"), &list).is_empty());
    }

    #[test]
    fn birth_date_and_country_are_evidence() {
        let list = [entry("Jon Smith", Some("1970-01-02"), Some("GB"))];
        let same = screen(&person("John Smith", "1970-01-02", "GB"), &list);
        let other = screen(&person("John Smith", "1991-05-05", "US"), &list);
        assert_eq!(same.len(), 1);
        assert!(
            other.is_empty(),
            "a near name born elsewhere, another day: no hit"
        );
    }

    #[test]
    fn a_name_alone_that_matches_exactly_is_a_hit() {
        let list = [entry("Irene ADLER", None, None)];
        let director = Subject {
            role: "director",
            name: "Adler, Irene".into(),
            birth_date: None,
            country: None,
        };
        let hits = screen(&director, &list);
        assert_eq!(hits.len(), 1);
        assert!((hits[0].score - HIT_THRESHOLD).abs() < 1e-9);
        let near = Subject {
            name: "Irena Adler".into(),
            ..director
        };
        assert!(
            screen(&near, &list).is_empty(),
            "a near name needs evidence"
        );
    }

    #[test]
    fn a_company_investor_screens_the_company_and_each_director() {
        let answers: Answers = serde_json::from_value(serde_json::json!({
            "companyName": "Acme Ltd", "registerJurisdictions": ["HK", "GB"],
            "directorNames": [" Ada Lovelace ", "", "Charles Babbage"]
        }))
        .unwrap();
        let found: Vec<(&str, String, Option<String>)> = subjects(Verification::Investor, &answers)
            .into_iter()
            .map(|s| (s.role, s.name, s.country))
            .collect();
        assert_eq!(
            found,
            [
                ("company", "Acme Ltd".to_owned(), Some("HK".to_owned())),
                ("director", "Ada Lovelace".to_owned(), None),
                ("director", "Charles Babbage".to_owned(), None),
            ]
        );
    }

    #[test]
    fn list_files_need_a_name_and_a_list() {
        let text = "# notes\nSMITH, John\t1970-01-02\tgb\tsanctions\n\nACME Ltd\t\t\tpep\n";
        let entries = parse_list(text).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].country.as_deref(), Some("GB"));
        assert!(parse_list("no list here\n").is_err());
        assert!(parse_list("A\t1970-13-40\t\tx\n").is_err());
    }
}
