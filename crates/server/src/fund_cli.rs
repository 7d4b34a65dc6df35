//! `fiscard admin fund …`: the operators' side of the fund — creating, closing and listing
//! products (audited), running the accrual job by hand, and reconciling every figure with the
//! ledger — and `fiscard simulate fund-positions` (many holders at once, for the bench).

use anyhow::Context;
use clap::Subcommand;
use domain::date::Date;
use domain::exchange::Asset;
use domain::fund::{AnnualRate, DEFAULT_ANNUAL_RATE, FixedTerms, ProductTerms, ProductType};
use domain::money::{amount_text, parse_amount};

use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::services::fund::products::{self, NewProduct, Product};
use crate::services::fund::{accrual, business_date, reconcile, seed};
use crate::services::operator_audit::{self, command_line_operator};

/// The operators' fund commands.
#[derive(Debug, Subcommand)]
pub enum FundAction {
    /// The products.
    Product {
        #[command(subcommand)]
        action: ProductAction,
    },
    /// Run the accrual job now: every business day before `--until` (default: today, by the
    /// server's clock) not yet accrued, and the maturities due. Safe beside running servers.
    Accrue {
        /// YYYY-MM-DD: accrue the days before it.
        #[arg(long)]
        until: Option<String>,
    },
    /// Recompute every figure of `fund/v2/asset` from the ledger's entries and the accrual rows
    /// and compare (exit status 1 on any difference).
    Reconcile {
        /// YYYY-MM-DD: the business date to compare on (default: today, by the server's clock).
        #[arg(long)]
        on: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum ProductAction {
    /// Every product and its terms.
    List,
    /// Create a product: `create current --name … --asset USD --rate 3.65` or `create fixed
    /// --name … --rate 5 --raise-date … --interest-date … --period 90`.
    Create {
        /// `current` or `fixed`.
        kind: String,
        #[command(flatten)]
        terms: ProductArgs,
    },
    /// Close a product to new subscriptions (holders keep their positions).
    Close { id: String },
}

/// The terms `admin fund product create` takes.
#[derive(Debug, clap::Args)]
pub struct ProductArgs {
    #[arg(long)]
    name: String,
    /// USD, BTC, ETH or USDT.
    #[arg(long, default_value = "USD")]
    asset: String,
    /// Annual rate in percent, e.g. 3.65 (at most 4 decimals); 3.65 when absent.
    #[arg(long)]
    rate: Option<String>,
    /// Fixed: the last day subscriptions are taken (YYYY-MM-DD).
    #[arg(long)]
    raise_date: Option<String>,
    /// Fixed: the first day the shares earn (after the raise date).
    #[arg(long)]
    interest_date: Option<String>,
    /// Fixed: days the shares earn (1–3660).
    #[arg(long)]
    period: Option<u16>,
    /// The least one subscription may be (default: 1 unit of the asset).
    #[arg(long)]
    minimum: Option<String>,
    /// The most one user may hold (default: 1,000,000 units of the asset).
    #[arg(long)]
    maximum: Option<String>,
}

fn open(config: &Config) -> anyhow::Result<(Db, i64)> {
    // A connection for each batch the accrual job runs at once.
    let connections = u32::try_from(accrual::PG_WORKERS).unwrap_or(1);
    let db = Db::connect(config.database_url.expose(), connections)?;
    Ok((db, Clock::for_config(config)?.now_ms()))
}

fn failed(e: &crate::api::AppError) -> anyhow::Error {
    match e.cause() {
        Some(cause) => anyhow::anyhow!("{cause:#}"),
        None => anyhow::anyhow!("{e}"),
    }
}

fn date_of(text: Option<&str>, what: &str) -> anyhow::Result<Date> {
    let text = text.with_context(|| format!("a fixed product needs --{what}"))?;
    Date::parse(text.trim()).with_context(|| format!("--{what} {text:?} is not a YYYY-MM-DD date"))
}

/// The product the arguments describe.
fn new_product(kind: &str, a: &ProductArgs) -> anyhow::Result<NewProduct> {
    let product_type = match kind.trim().to_lowercase().as_str() {
        "current" => ProductType::Current,
        "fixed" => ProductType::Fixed,
        other => anyhow::bail!("{other:?} is not a product kind: current or fixed"),
    };
    let asset = Asset::from_code(&a.asset.trim().to_uppercase())
        .with_context(|| format!("unknown asset {:?}; one of USD, BTC, ETH, USDT", a.asset))?;
    let annual_rate = match &a.rate {
        None => DEFAULT_ANNUAL_RATE,
        Some(text) => AnnualRate::parse_percent(text.trim()).with_context(|| {
            format!("--rate {text:?} is not a percentage from 0 to 100 with at most 4 decimals")
        })?,
    };
    let fixed = match product_type {
        ProductType::Current => None,
        ProductType::Fixed => Some(
            FixedTerms::new(
                date_of(a.raise_date.as_deref(), "raise-date")?,
                date_of(a.interest_date.as_deref(), "interest-date")?,
                a.period.context("a fixed product needs --period (days)")?,
            )
            .map_err(|e| anyhow::anyhow!("{e}"))?,
        ),
    };
    let unit = 10_i64.pow(u32::from(asset.scale()));
    let amount = |text: &Option<String>, default: i64, what: &str| match text {
        None => Ok(default),
        Some(t) => parse_amount(t.trim(), asset.scale())
            .ok()
            .with_context(|| format!("--{what} {t:?} is not an amount of {}", asset.code())),
    };
    Ok(NewProduct {
        name: a.name.trim().to_owned(),
        terms: ProductTerms {
            product_type,
            annual_rate,
            asset,
            fixed,
        },
        minimum: amount(&a.minimum, unit, "minimum")?,
        maximum: amount(&a.maximum, 1_000_000 * unit, "maximum")?,
    })
}

fn print_product(p: &Product, today: Date) {
    let asset = p.terms.asset;
    let dates = p.terms.fixed.map_or_else(String::new, |f| {
        format!(
            "\traise until {}\tearns from {} for {} days\tmatures {}",
            f.raise_date(),
            f.interest_date(),
            f.period(),
            f.maturity_date()
        )
    });
    println!(
        "{}\t{}\t{}\t{}\t{} %\t{}\tminimum {}\tmaximum {}{dates}",
        p.id,
        p.terms.product_type.as_str(),
        asset.code(),
        p.name,
        p.terms.annual_rate.percent_text(),
        if p.open_on(today) { "open" } else { "closed" },
        amount_text(p.minimum, asset.scale()),
        amount_text(p.maximum, asset.scale()),
    );
}

/// `admin fund …`; false when reconcile found a difference.
pub async fn admin(config: &Config, action: FundAction) -> anyhow::Result<bool> {
    let (db, now) = open(config)?;
    let today = business_date(now);
    match action {
        FundAction::Product { action } => product(&db, action, now).await?,
        FundAction::Accrue { until } => {
            let until = match until {
                Some(text) => Date::parse(text.trim())
                    .with_context(|| format!("--until {text:?} is not a YYYY-MM-DD date"))?,
                None => today,
            };
            let started = std::time::Instant::now();
            let report = accrual::catch_up(&db, until, now)
                .await
                .map_err(|e| failed(&e))?;
            println!(
                "accrued {} days on {} positions ({} minor units of interest), {} matured, before {until}, in {} ms",
                report.days,
                report.positions,
                report.interest,
                report.matured,
                started.elapsed().as_millis()
            );
        }
        FundAction::Reconcile { on } => {
            let today = match on {
                Some(text) => Date::parse(text.trim())
                    .with_context(|| format!("--on {text:?} is not a YYYY-MM-DD date"))?,
                None => today,
            };
            let report = db
                .read(move |conn| Ok(reconcile::run(conn, today)?))
                .await
                .map_err(|e| failed(&e))?;
            for difference in &report.differences {
                println!("DIFFERENCE {difference}");
            }
            for behind in &report.behind {
                println!(
                    "note: the accrual job is behind for {behind}: today's unsettled profit not compared"
                );
            }
            println!(
                "{} holdings compared on {today}: {} differences",
                report.compared,
                report.differences.len()
            );
            return Ok(report.differences.is_empty());
        }
    }
    Ok(true)
}

/// `admin fund product …` (audited).
async fn product(db: &Db, action: ProductAction, now: i64) -> anyhow::Result<()> {
    let today = business_date(now);
    let operator = command_line_operator();
    match action {
        ProductAction::List => {
            let all = db
                .read(|conn| Ok(products::all(conn)?))
                .await
                .map_err(|e| failed(&e))?;
            for p in &all {
                print_product(p, today);
            }
        }
        ProductAction::Create { kind, terms } => {
            let new = new_product(&kind, &terms)?;
            let made = db
                .write(move |conn| {
                    let made = match products::create(conn, &new, now)? {
                        Ok(made) => made,
                        Err(refused) => return Ok(Err(anyhow::anyhow!("{refused}"))),
                    };
                    operator_audit::record(
                        conn,
                        &operator,
                        "fund_product_create",
                        &made.id,
                        &format!("{made:?}"),
                        now,
                    )?;
                    Ok(Ok(made))
                })
                .await
                .map_err(|e| failed(&e))??;
            print_product(&made, today);
        }
        ProductAction::Close { id } => {
            let closed = db
                .write(move |conn| {
                    let closed = products::close(conn, id.trim(), now)?;
                    if closed {
                        operator_audit::record(
                            conn,
                            &operator,
                            "fund_product_close",
                            id.trim(),
                            "closed to new subscriptions",
                            now,
                        )?;
                    }
                    Ok(closed.then_some(id))
                })
                .await
                .map_err(|e| failed(&e))?;
            match closed {
                Some(id) => println!("{} closed to new subscriptions", id.trim()),
                None => anyhow::bail!("no open product with that id"),
            }
        }
    }
    Ok(())
}

/// Holders a transaction when seeding.
pub const SEED_BATCH: u64 = 1000;

/// Seeds `count` fund holders (after those there are), `SEED_BATCH` a transaction, each
/// subscribing `amount` minor units on the business date of `now`. Answers how long it took.
///
/// # Errors
/// A database failure, or a seed the services refuse.
pub async fn seed_holders(
    db: &Db,
    count: u64,
    amount: i64,
    now: i64,
) -> anyhow::Result<std::time::Duration> {
    let started = std::time::Instant::now();
    let first = db
        .read(|conn| {
            use diesel::prelude::*;
            Ok(crate::db::schema::users::table
                .count()
                .get_result::<i64>(conn)?)
        })
        .await
        .map_err(|e| failed(&e))?;
    let first = u64::try_from(first).unwrap_or(0);
    // Sign-ins are not part of it: one hash for every seeded user.
    let hash = "seeded:no-sign-in".to_owned();
    let mut done = 0;
    while done < count {
        let batch = SEED_BATCH.min(count - done);
        let (from, hash) = (first + done, hash.clone());
        db.write(move |conn| {
            Ok(seed::holders(
                conn,
                from,
                batch,
                amount,
                &hash,
                business_date(now),
                now,
            )?)
        })
        .await
        .map_err(|e| failed(&e))?;
        done += batch;
    }
    Ok(started.elapsed())
}

/// `simulate fund-holders --count N --amount 100`.
pub async fn simulate_holders(config: &Config, count: u64, amount: &str) -> anyhow::Result<()> {
    let (db, now) = open(config)?;
    let minor = parse_amount(amount.trim(), 2)
        .ok()
        .filter(|a| *a > 0)
        .with_context(|| format!("--amount {amount:?} is not a positive USD amount"))?;
    let took = seed_holders(&db, count, minor, now).await?;
    println!(
        "{count} fund holders of {} USD each in {} ms",
        amount_text(minor, 2),
        took.as_millis()
    );
    Ok(())
}
