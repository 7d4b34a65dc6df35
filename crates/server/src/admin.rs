//! `fiscard admin …`: operator actions from the command line.

use anyhow::{Context, bail};
use domain::wire_memo::{MemoError, WireMemo};

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mailer::{Mail, Mailer};
use crate::services::bins::{self, Bin, Limits, Terms};
use crate::services::card_events::{expire, spending};
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::wire_receipts;
use crate::services::wires::{self, CreditRefusal, Credited};
use crate::services::{accounts, ledger};

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
    // A mistyped memo is told apart from one nobody holds: its check character disagrees.
    let memo = match WireMemo::parse(memo) {
        Ok(memo) => memo,
        Err(MemoError::Check) => bail!(
            "memo {memo:?} was mistyped: its check character does not match (nothing credited; check the memo on the wire)"
        ),
        Err(why) => bail!("{memo:?} is not a wire memo: {why}"),
    };
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let reference_owned = reference.to_owned();
    let memo_text = memo.as_str().to_owned();
    let operator = command_line_operator();
    let outcome = db
        .write(move |conn| {
            let Some(memo) = wires::user_of_memo(conn, &memo)? else {
                return Ok(Err(CreditRefusal::UnknownMemo));
            };
            let outcome = wires::credit(conn, &memo, minor, &reference_owned, now)?;
            if let Ok((Credited::Now { transaction_id, .. }, _)) = &outcome {
                let wire = wire_receipts::Wire {
                    reference: &reference_owned,
                    amount: minor,
                    memo: &memo_text,
                    sender: None,
                };
                wire_receipts::record_credited(conn, &wire, &memo, &operator, now)?;
                operator_audit::record(
                    conn,
                    &operator,
                    "credit_wire",
                    &memo,
                    &format!(
                        "amount {minor} reference {reference_owned} transaction {transaction_id}"
                    ),
                    now,
                )?;
            }
            Ok(outcome)
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let (credited, holder) = match outcome {
        Ok(found) => found,
        Err(CreditRefusal::UnknownMemo) => bail!("no user has that memo"),
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

/// What `admin bin add` takes (amounts and rates as typed); the command line's arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct BinOptions {
    /// 6 to 8 digits.
    #[arg(long)]
    pub bin: String,
    /// The issuing region (ISO 3166-1 alpha-2).
    #[arg(long)]
    pub location: String,
    /// The card scheme.
    #[arg(long, default_value = "VISA")]
    pub org: String,
    #[arg(long, default_value = "USD")]
    pub currency: String,
    /// Fractions (0.01 is 1%); each term left out takes the standard one (`Terms::default`:
    /// recharge 1%, payment 1%, exchange 0.15%, refund 0).
    #[arg(long)]
    pub recharge_rate: Option<String>,
    #[arg(long)]
    pub payment_rate: Option<String>,
    #[arg(long)]
    pub exchange_rate: Option<String>,
    #[arg(long)]
    pub refund_rate: Option<String>,
    /// In USD; each defaults to the standard limits (10,000 / 20,000 daily / 50,000 monthly).
    #[arg(long)]
    pub limit_per_transaction: Option<String>,
    #[arg(long)]
    pub limit_daily: Option<String>,
    #[arg(long)]
    pub limit_monthly: Option<String>,
    /// The time zone its cards count their daily and monthly spending in, as an offset from
    /// UTC: `+08:00`, `-05:00`; UTC when left out.
    #[arg(long, allow_hyphen_values = true)]
    pub utc_offset: Option<String>,
}

/// `+08:00`, `-05:30`, `Z` or `00:00` as minutes east of UTC (`domain::bin`'s reading).
fn utc_offset_of(text: Option<&str>) -> anyhow::Result<i32> {
    let Some(text) = text.map(str::trim) else {
        return Ok(0);
    };
    domain::bin::parse_utc_offset(text)
        .with_context(|| format!("--utc-offset {text:?}: an offset such as +08:00 or -05:00"))
}

fn rate_of(
    name: &str,
    text: Option<&str>,
    standard: domain::money::Rate,
) -> anyhow::Result<domain::money::Rate> {
    let Some(text) = text else {
        return Ok(standard);
    };
    domain::money::Rate::from_fraction(text)
        .with_context(|| format!("--{name} {text:?}: a fraction between 0 and 1, e.g. 0.01 for 1%"))
}

fn usd_of(name: &str, text: Option<&str>, standard: i64) -> anyhow::Result<i64> {
    let Some(text) = text else {
        return Ok(standard);
    };
    domain::money::parse_amount(text, domain::money::USD.scale)
        .map_err(|e| anyhow::anyhow!("--{name} {text:?} is not a USD amount: {e:?}"))
}

/// `admin bin add`: adds a BIN or replaces its terms (new cards get them) and enables it.
pub async fn bin_add(config: &Config, options: BinOptions) -> anyhow::Result<()> {
    let d = Terms::default();
    let bin = Bin {
        bin: options.bin.trim().to_owned(),
        location_code: options.location.trim().to_uppercase(),
        org_name: options.org.trim().to_owned(),
        currency: options.currency.trim().to_uppercase(),
        terms: Terms {
            recharge_rate: rate_of(
                "recharge-rate",
                options.recharge_rate.as_deref(),
                d.recharge_rate,
            )?,
            payment_rate: rate_of(
                "payment-rate",
                options.payment_rate.as_deref(),
                d.payment_rate,
            )?,
            exchange_rate: rate_of(
                "exchange-rate",
                options.exchange_rate.as_deref(),
                d.exchange_rate,
            )?,
            refund_rate: rate_of("refund-rate", options.refund_rate.as_deref(), d.refund_rate)?,
            limits: Limits {
                per_transaction: usd_of(
                    "limit-per-transaction",
                    options.limit_per_transaction.as_deref(),
                    d.limits.per_transaction,
                )?,
                daily: usd_of(
                    "limit-daily",
                    options.limit_daily.as_deref(),
                    d.limits.daily,
                )?,
                monthly: usd_of(
                    "limit-monthly",
                    options.limit_monthly.as_deref(),
                    d.limits.monthly,
                )?,
            },
        },
        utc_offset_minutes: utc_offset_of(options.utc_offset.as_deref())?,
        enabled: true,
    }
    .checked()?;
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let (operator, saved) = (command_line_operator(), bin.clone());
    let added = db
        .write(move |conn| {
            let added = bins::save(conn, &saved, now)?;
            operator_audit::record(
                conn,
                &operator,
                if added { "bin_add" } else { "bin_update" },
                &saved.bin,
                &format!("{saved:?}"),
                now,
            )?;
            Ok(added)
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let t = bin.terms;
    println!(
        "BIN {} {} ({} {}, {}): recharge {}, payment {}, exchange {}, refund {}; limits {} / {} daily / {} monthly, days from midnight at UTC{:+}min",
        bin.bin,
        if added {
            "added"
        } else {
            "updated and enabled"
        },
        bin.org_name,
        bin.location_code,
        bin.currency,
        t.recharge_rate,
        t.payment_rate,
        t.exchange_rate,
        t.refund_rate,
        domain::money::amount_text(t.limits.per_transaction, 2),
        domain::money::amount_text(t.limits.daily, 2),
        domain::money::amount_text(t.limits.monthly, 2),
        bin.utc_offset_minutes,
    );
    Ok(())
}

/// `admin bin disable`: no new cards under the BIN; its cards keep working.
pub async fn bin_disable(config: &Config, bin: &str) -> anyhow::Result<()> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let (operator, target) = (command_line_operator(), bin.trim().to_owned());
    let found = db
        .write(move |conn| {
            let found = bins::disable(conn, &target, now)?;
            if found {
                operator_audit::record(conn, &operator, "bin_disable", &target, "", now)?;
            }
            Ok(found)
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if !found {
        bail!("there is no BIN {bin}");
    }
    println!("BIN {bin} disabled: no new cards; existing cards keep working");
    Ok(())
}

/// `admin bin list`.
pub async fn bin_list(config: &Config) -> anyhow::Result<()> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    let all = db
        .read(|conn| Ok(bins::all(conn)?))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    for b in all {
        println!(
            "{} {} {} {} {} recharge {} payment {} exchange {} refund {}",
            b.bin,
            if b.enabled { "enabled " } else { "disabled" },
            b.org_name,
            b.location_code,
            b.currency,
            b.terms.recharge_rate,
            b.terms.payment_rate,
            b.terms.exchange_rate,
            b.terms.refund_rate,
        );
    }
    Ok(())
}

/// `admin identity set-status`: sets a user's basic identity status (until identity review
/// has its own screens, and as an operator tool afterwards).
pub async fn identity_set_status(config: &Config, email: &str, status: &str) -> anyhow::Result<()> {
    use domain::identity::IdentityStatus;
    let status = match status.trim() {
        "approved" => IdentityStatus::Approved,
        "not-started" | "not_started" => IdentityStatus::NotStarted,
        "in-review" | "in_review" => IdentityStatus::InReview,
        "rejected" => IdentityStatus::Rejected,
        other => bail!("unknown status {other:?}: approved, in-review, rejected or not-started"),
    };
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let (operator, address) = (command_line_operator(), email.trim().to_lowercase());
    let found = db
        .write(move |conn| {
            let Some(user) = accounts::find_by_email(conn, &address)? else {
                return Ok(false);
            };
            accounts::set_identity_status(conn, &user.id, status.code(), now)?;
            operator_audit::record(
                conn,
                &operator,
                "identity_set_status",
                &user.id,
                &format!("basic identity {}", status.code()),
                now,
            )?;
            Ok(true)
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if !found {
        bail!("no account has the e-mail address {email}");
    }
    println!("basic identity of {email} is now {status:?}");
    Ok(())
}

/// `admin expire-holds`: the hold expiry the server runs on its timer, once, now (safe beside
/// running servers); prints how many holds expired.
pub async fn expire_holds(config: &Config) -> anyhow::Result<()> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let days = config.authorization_hold_days;
    let report = expire::expire_holds(&db, now, days)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "{} authorization holds older than {days} days expired, their money back on the cards",
        report.expired
    );
    Ok(())
}

/// `admin ledger-check`: the ledger, then the cards' spending counters against their
/// transactions; prints what it checked and every problem; `false` when there is one.
pub async fn ledger_check(config: &Config) -> anyhow::Result<bool> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    let (report, counters) = db
        .read(|conn| Ok((ledger::check(conn)?, spending::check(conn)?)))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "ledger: {} accounts, {} transactions, {} entries",
        report.accounts, report.transactions, report.entries
    );
    for problem in report.problems.iter().chain(&counters.problems) {
        println!("PROBLEM {problem}");
    }
    if report.problems.is_empty() {
        println!("ledger check passed: every balance equals its entries, all entries sum to zero");
    }
    println!("spending counters: {} cards", counters.cards);
    if counters.problems.is_empty() {
        println!(
            "counter check passed: every card's day and month equal its approved authorizations"
        );
    }
    Ok(report.problems.is_empty() && counters.problems.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_offsets_are_read_as_minutes_east_of_utc() {
        assert_eq!(utc_offset_of(None).unwrap(), 0);
        assert_eq!(utc_offset_of(Some("+08:00")).unwrap(), 480);
        assert_eq!(utc_offset_of(Some("-05:30")).unwrap(), -330);
        assert_eq!(utc_offset_of(Some("Z")).unwrap(), 0);
        assert!(utc_offset_of(Some("8")).is_err());
        assert!(utc_offset_of(Some("+8:00")).is_err());
    }
}
