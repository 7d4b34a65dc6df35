//! `fiscard admin exchange …` (the operators' side of the exchange: moving a price, the pairs'
//! terms; every change audited) and `fiscard simulate prices` (the sandbox feed's walk).

use anyhow::{Context, bail};
use clap::Subcommand;
use domain::exchange::{Asset, MAX_PRICE, price_text};
use domain::money::{amount_text, parse_amount};
use domain::wallet::Coin;

use crate::clock::Clock;
use crate::config::{Config, Mode};
use crate::db::Db;
use crate::services::exchange::feed::{self, SandboxFeed};
use crate::services::exchange::pairs::{self, Pair};
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::wallet::prices;

/// The operators' exchange commands.
#[derive(Debug, Subcommand)]
pub enum ExchangeAction {
    /// Prices (set one with `admin wallet price set BTC 65000`).
    Price {
        #[command(subcommand)]
        action: PriceAction,
    },
    /// The pairs' terms.
    Pair {
        #[command(subcommand)]
        action: PairAction,
    },
}

#[derive(Debug, Subcommand)]
pub enum PriceAction {
    /// Move a coin's newest price by a percentage: `price move BTC +1.5%` (or `-2%`).
    Move {
        coin: String,
        #[arg(allow_hyphen_values = true)]
        change: String,
    },
}

#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once, at start
pub enum PairAction {
    /// Every direction and its terms.
    List,
    /// Change a direction's terms (amounts in the from asset); what is not given stays.
    Set(PairChanges),
}

/// The terms `admin exchange pair set` changes.
#[derive(Debug, clap::Args)]
pub struct PairChanges {
    #[arg(long)]
    from: String,
    #[arg(long)]
    to: String,
    #[arg(long)]
    spread_bps: Option<u32>,
    #[arg(long)]
    fee_bps: Option<u32>,
    #[arg(long)]
    minimum: Option<String>,
    #[arg(long)]
    maximum: Option<String>,
    #[arg(long)]
    enabled: Option<bool>,
}

fn asset_of(text: &str) -> anyhow::Result<Asset> {
    Asset::from_code(&text.trim().to_uppercase())
        .with_context(|| format!("unknown asset {text:?}; one of USD, BTC, ETH, USDT"))
}

fn open(config: &Config) -> anyhow::Result<(Db, i64)> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    Ok((db, Clock::for_config(config)?.now_ms()))
}

fn failed(e: &crate::api::AppError) -> anyhow::Error {
    match e.cause() {
        Some(cause) => anyhow::anyhow!("{cause:#}"),
        None => anyhow::anyhow!("{e}"),
    }
}

/// A change in percent ("+1.5%", "-2%", "0.25%") as millionths of the price.
fn parse_change(text: &str) -> anyhow::Result<i64> {
    let bad = || format!("{text:?} is not a change like +1.5% or -2% (at most 4 decimals)");
    let number = text.trim().strip_suffix('%').with_context(bad)?;
    let (sign, digits) = match number.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, number.strip_prefix('+').unwrap_or(number)),
    };
    let ppm = parse_amount(digits, 4)
        .ok()
        .filter(|v| *v >= 0)
        .with_context(bad)?;
    Ok(sign * ppm)
}

/// `price` moved by `ppm` millionths, rounded half up; `None` when it would leave the range.
fn moved(price: i64, ppm: i64) -> Option<i64> {
    let scaled = i128::from(price) * i128::from(1_000_000 + ppm);
    let rounded = (scaled + 500_000).div_euclid(1_000_000);
    i64::try_from(rounded)
        .ok()
        .filter(|p| (1..=MAX_PRICE).contains(p))
}

fn print_pair(p: &Pair) {
    let t = |v: i64| amount_text(v, p.from.scale());
    println!(
        "{}/{}\t{}\tspread {} bps\tfee {} bps\tminimum {}\tmaximum {}",
        p.from.code(),
        p.to.code(),
        if p.enabled { "open" } else { "closed" },
        p.spread_bps,
        p.fee_bps,
        t(p.minimum),
        t(p.maximum),
    );
}

fn apply_changes(pair: &mut Pair, c: &PairChanges) -> anyhow::Result<()> {
    let asset = pair.from;
    let amount = |text: &str| {
        parse_amount(text, asset.scale()).ok().with_context(|| {
            format!(
                "{text:?} is not an amount of {} (at most {} decimals)",
                asset.code(),
                asset.scale()
            )
        })
    };
    if let Some(text) = &c.minimum {
        pair.minimum = amount(text)?;
    }
    if let Some(text) = &c.maximum {
        pair.maximum = amount(text)?;
    }
    pair.spread_bps = c.spread_bps.unwrap_or(pair.spread_bps);
    pair.fee_bps = c.fee_bps.unwrap_or(pair.fee_bps);
    pair.enabled = c.enabled.unwrap_or(pair.enabled);
    if let Some(problem) = pair.problem() {
        bail!("{}/{}: {problem}", pair.from.code(), pair.to.code());
    }
    Ok(())
}

/// `admin exchange …`.
pub async fn admin(config: &Config, action: ExchangeAction) -> anyhow::Result<()> {
    let (db, now) = open(config)?;
    let operator = command_line_operator();
    match action {
        ExchangeAction::Price {
            action: PriceAction::Move { coin, change },
        } => {
            let coin = Coin::from_code(&coin.trim().to_uppercase())
                .with_context(|| format!("unknown coin {coin:?}; one of BTC, ETH, USDT"))?;
            let ppm = parse_change(&change)?;
            let (before, after) = db
                .write(move |conn| {
                    let Some(newest) = prices::newest(conn, coin, now)? else {
                        return Ok(Err(anyhow::anyhow!("{} has no price yet", coin.code())));
                    };
                    let Some(after) = moved(newest.price, ppm) else {
                        return Ok(Err(anyhow::anyhow!("that would leave the price range")));
                    };
                    prices::set(conn, coin, after, &operator, now)?;
                    let detail = format!(
                        "{} USD → {} USD ({change})",
                        price_text(newest.price),
                        price_text(after)
                    );
                    operator_audit::record(
                        conn,
                        &operator,
                        "exchange_price_move",
                        coin.code(),
                        &detail,
                        now,
                    )?;
                    Ok(Ok((newest.price, after)))
                })
                .await
                .map_err(|e| failed(&e))??;
            println!(
                "{} moved from {} USD to {} USD",
                coin.code(),
                price_text(before),
                price_text(after)
            );
        }
        ExchangeAction::Pair {
            action: PairAction::List,
        } => {
            let all = db
                .read(|conn| Ok(pairs::all(conn)?))
                .await
                .map_err(|e| failed(&e))?;
            all.iter().for_each(print_pair);
        }
        ExchangeAction::Pair {
            action: PairAction::Set(changes),
        } => {
            let (from, to) = (asset_of(&changes.from)?, asset_of(&changes.to)?);
            let saved = db
                .write(move |conn| {
                    let Some(mut pair) = pairs::find(conn, from, to)? else {
                        return Ok(Err(anyhow::anyhow!(
                            "the exchange has no pair {}/{}",
                            from.code(),
                            to.code()
                        )));
                    };
                    if let Err(e) = apply_changes(&mut pair, &changes) {
                        return Ok(Err(e));
                    }
                    pairs::save(conn, &pair, now)?;
                    operator_audit::record(
                        conn,
                        &operator,
                        "exchange_pair_set",
                        &format!("{}/{}", from.code(), to.code()),
                        &format!("{pair:?}"),
                        now,
                    )?;
                    Ok(Ok(pair))
                })
                .await
                .map_err(|e| failed(&e))??;
            print_pair(&saved);
        }
    }
    Ok(())
}

/// `simulate prices --ticks N`: writes the sandbox feed's `ticks` newest ticks (those ending
/// with the current one; ticks written before stay as they are).
pub async fn simulate_prices(config: &Config, ticks: i64) -> anyhow::Result<()> {
    if config.mode == Mode::Production {
        bail!("the sandbox price feed is not available in production mode");
    }
    let (db, now) = open(config)?;
    let source = SandboxFeed {
        seed: config.exchange.seed,
        tick_ms: config.exchange.tick_ms(),
    };
    let written = db
        .write(move |conn| {
            Ok(feed::write_ticks(
                conn,
                &source,
                source.tick_ms,
                ticks,
                now,
            )?)
        })
        .await
        .map_err(|e| failed(&e))?;
    for t in &written {
        println!(
            "{}\t{} USD\tat {}",
            t.coin.code(),
            price_text(t.price),
            t.at
        );
    }
    println!("{} prices written", written.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_read_as_operators_type_them() {
        assert_eq!(parse_change("+1.5%").unwrap(), 15_000);
        assert_eq!(parse_change("-2%").unwrap(), -20_000);
        assert_eq!(parse_change("0.0001%").unwrap(), 1);
        for bad in ["1.5", "+1.00001%", "abc%", "--1%"] {
            assert!(parse_change(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_move_rounds_half_up_and_stays_in_range() {
        // 65 000.00 USD + 1.5 % = 65 975.00 USD.
        assert_eq!(moved(6_500_000_000_000, 15_000), Some(6_597_500_000_000));
        // 0.00000003 − 50 % = 0.000000015 → 0.00000002 (half up).
        assert_eq!(moved(3, -500_000), Some(2));
        assert_eq!(moved(1, -1_000_000), None);
    }
}
