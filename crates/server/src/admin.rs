//! `fiscard admin …`: operator actions from the command line.

use std::io::BufRead;

use anyhow::{Context, bail};
use domain::email::Email;
use domain::forms::{Form, NewPasswordForm, NoContext};
use domain::input::Raw;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mailer::{Mail, Mailer};
use crate::services::wires::{self, CreditRefusal, Credited};
use crate::services::{accounts, ledger, passwords::Passwords};

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

/// `admin credit-wire`: credits a received wire to the user its memo names and mails them.
pub async fn credit_wire(
    config: &Config,
    memo: &str,
    amount: &str,
    reference: &str,
) -> anyhow::Result<()> {
    let usd = domain::money::USD;
    let minor = domain::money::parse_amount(amount, usd.scale)
        .map_err(|e| anyhow::anyhow!("{amount:?} is not a USD amount: {e:?}"))?;
    if reference.trim().is_empty() {
        bail!("the wire's bank reference is required");
    }
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::System.now_ms();
    let (memo, reference_owned) = (memo.to_owned(), reference.to_owned());
    let outcome = db
        .write(move |conn| Ok(wires::credit(conn, &memo, minor, &reference_owned, now)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let (credited, holder) = match outcome {
        Ok(found) => found,
        Err(CreditRefusal::UnknownMemo) => bail!("no user has the uid in that memo"),
        Err(CreditRefusal::NotPositive) => bail!("the amount must be above zero"),
        Err(CreditRefusal::ReferenceReused) => {
            bail!("reference {reference} was credited before with another memo or amount")
        }
    };
    let amount_text = domain::money::amount_text(minor, usd.scale);
    match credited {
        Credited::Before { transaction_id } => {
            println!(
                "wire {reference} was credited before (transaction {transaction_id}); nothing moved"
            );
        }
        Credited::Now {
            transaction_id,
            balance,
        } => {
            let balance_text = domain::money::amount_text(balance, usd.scale);
            let params: domain::error::Params = [
                ("amount", amount_text.as_str()),
                ("balance", balance_text.as_str()),
                ("reference", reference),
            ]
            .into_iter()
            .collect();
            let mail = Mail::from_catalogue(
                &holder.email,
                "wire_credited",
                domain::i18n::Locale::from_tag(&holder.locale),
                &params,
            );
            Mailer::from_config(config)?.send(mail).await;
            println!(
                "credited {amount_text} USD from wire {reference} (transaction {transaction_id}); bank balance now {balance_text} USD"
            );
        }
    }
    Ok(())
}

/// `admin ledger-check`: prints what it checked and every problem; `false` when there is one.
pub async fn ledger_check(config: &Config) -> anyhow::Result<bool> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    let report = db
        .read(|conn| Ok(ledger::check(conn)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "ledger: {} accounts, {} transactions, {} entries",
        report.accounts, report.transactions, report.entries
    );
    for problem in &report.problems {
        println!("PROBLEM {problem}");
    }
    if report.problems.is_empty() {
        println!("ledger check passed: every balance equals its entries, all entries sum to zero");
    }
    Ok(report.problems.is_empty())
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
