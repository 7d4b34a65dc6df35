//! `fiscard admin …`: operator actions from the command line (later issues add more).

use std::io::BufRead;

use anyhow::{Context, bail};
use domain::email::Email;
use domain::forms::{Form, NewPasswordForm, NoContext};
use domain::input::Raw;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::services::{accounts, passwords::Passwords};

/// Creates the first (or another) operator. The password comes from stdin, or is generated
/// and printed once.
pub async fn create_operator(
    config: &Config,
    email: &str,
    password_from_stdin: bool,
) -> anyhow::Result<()> {
    let email = Email::parse(email).context("that is not a valid e-mail address")?;
    let (password, generated) = if password_from_stdin {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("reading the password from stdin")?;
        (line.trim_end_matches(['\r', '\n']).to_owned(), false)
    } else {
        let mut bytes = [0_u8; 18];
        rand::fill(&mut bytes);
        (
            // Letters from the prefix, a digit at the end: always meets the password rule.
            format!(
                "Op{}{}",
                base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, bytes),
                rand::random_range(0..10_u8)
            ),
            true,
        )
    };
    let raw = Raw::from_json(
        &serde_json::json!({ "password": password, "confirm": password }).to_string(),
    )
    .context("password as JSON")?;
    let form =
        <NewPasswordForm as domain::input::FromRaw>::from_raw(raw).context("password form")?;
    if let Err(errors) = form.parse(&NoContext) {
        bail!(
            "the password is not acceptable: {}",
            errors
                .iter()
                .map(|e| e.code.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let db = Db::connect(config.database_url.expose(), 1)?;
    let hash = Passwords::new(1)?
        .hash(password.clone())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let now = Clock::System.now_ms();
    let address = email.as_str().to_owned();
    let created = db
        .write(move |conn| {
            if accounts::find_by_email(conn, &address)?.is_some() {
                return Ok(None);
            }
            Ok(Some(accounts::create(
                conn, &address, &hash, "operator", "en-US", now,
            )?))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(id) = created else {
        bail!("{email} already has an account")
    };
    println!("operator {email} created (id {id})");
    if generated {
        println!("password (shown once, change it after the first login): {password}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;

    use super::*;
    use crate::db::schema::users;

    #[actix_web::test]
    async fn creates_an_operator_once_with_a_generated_password() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().to_string_lossy().into_owned();
        let config =
            Config::from_lookup(|k| (k == "FISCARD_DATA_DIR").then(|| data.clone())).unwrap();
        create_operator(&config, "Ops@Example.com", false)
            .await
            .unwrap();
        let err = create_operator(&config, "ops@example.com", false)
            .await
            .unwrap_err();
        assert!(err.to_string().contains("already has an account"), "{err}");
        assert!(
            create_operator(&config, "not an address", false)
                .await
                .is_err()
        );

        let db = Db::connect(config.database_url.expose(), 1).unwrap();
        let role: String = db
            .read(|conn| {
                users::table
                    .filter(users::email.eq("ops@example.com"))
                    .select(users::role)
                    .first(conn)
                    .map_err(crate::api::AppError::from)
            })
            .await
            .unwrap();
        assert_eq!(role, "operator");
    }
}
