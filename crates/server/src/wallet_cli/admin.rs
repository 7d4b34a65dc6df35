//! `fiscard admin wallet …`: each chain's settings, reference prices, the crypto withdrawal
//! queue and its decisions; every change audited.

use anyhow::{Context, bail};
use domain::exchange::{PRICE_SCALE, price_text};
use domain::money::{amount_text, parse_amount};
use domain::wallet::{Coin, CryptoWithdrawalStatus};

use super::{
    ChainChanges, ConfigAction, PriceAction, WalletAction, WithdrawalAction, amount_of, coin_of,
    failed, network_of, open,
};
use crate::config::Config;
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::wallet::chains::{self, Chain};
use crate::services::wallet::prices;
use crate::services::wallet::withdrawals::{self, CryptoWithdrawalRow, Refused, reason};

/// `admin wallet …`.
pub async fn admin(config: &Config, action: WalletAction) -> anyhow::Result<()> {
    match action {
        WalletAction::Config { action } => match action {
            ConfigAction::List => config_list(config).await,
            ConfigAction::Set(changes) => config_set(config, changes).await,
        },
        WalletAction::Price { action } => match action {
            PriceAction::Set { coin, usd } => price_set(config, &coin, &usd).await,
            PriceAction::List => price_list(config).await,
        },
        WalletAction::Withdrawal { action } => withdrawal(config, action).await,
    }
}

fn print_chain(c: &Chain) {
    let t = |v: i64| amount_text(v, c.coin.scale());
    println!(
        "{}/{}\tdeposit {}\twithdraw {}\tmin deposit {}\twithdraw {}..{}\tfee {}\tmultiple {}\tconfirmations {}\tmemo {}\tdaily {}\treview above {}",
        c.coin.code(),
        c.network.code(),
        if c.deposit_enabled { "on" } else { "off" },
        if c.withdraw_enabled { "on" } else { "off" },
        t(c.min_deposit),
        t(c.min_withdraw),
        t(c.max_withdraw),
        t(c.withdraw_fee),
        t(c.multiple),
        c.confirmations,
        if c.memo_required { "required" } else { "no" },
        t(c.daily_limit),
        t(c.review_above),
    );
}

async fn config_list(config: &Config) -> anyhow::Result<()> {
    let (db, _) = open(config)?;
    for c in db
        .read(|conn| Ok(chains::all(conn)?))
        .await
        .map_err(|e| failed(&e))?
    {
        print_chain(&c);
    }
    Ok(())
}

fn apply_changes(chain: &mut Chain, c: &ChainChanges) -> anyhow::Result<()> {
    let coin = chain.coin;
    let amount = |v: &Option<String>, into: &mut i64| -> anyhow::Result<()> {
        if let Some(text) = v {
            *into = amount_of(text, coin)?;
        }
        Ok(())
    };
    amount(&c.min_deposit, &mut chain.min_deposit)?;
    amount(&c.min_withdraw, &mut chain.min_withdraw)?;
    amount(&c.max_withdraw, &mut chain.max_withdraw)?;
    amount(&c.fee, &mut chain.withdraw_fee)?;
    amount(&c.multiple, &mut chain.multiple)?;
    amount(&c.daily_limit, &mut chain.daily_limit)?;
    amount(&c.review_above, &mut chain.review_above)?;
    chain.deposit_enabled = c.deposit_enabled.unwrap_or(chain.deposit_enabled);
    chain.withdraw_enabled = c.withdraw_enabled.unwrap_or(chain.withdraw_enabled);
    chain.memo_required = c.memo_required.unwrap_or(chain.memo_required);
    chain.confirmations = c.confirmations.unwrap_or(chain.confirmations);
    if let Some(problem) = chain.problem() {
        bail!("{}/{}: {problem}", coin.code(), chain.network.code());
    }
    Ok(())
}

async fn config_set(config: &Config, changes: ChainChanges) -> anyhow::Result<()> {
    let (coin, network) = (coin_of(&changes.coin)?, network_of(&changes.network)?);
    let (db, now) = open(config)?;
    let operator = command_line_operator();
    let saved = db
        .write(move |conn| {
            let Some(mut chain) = chains::find(conn, coin, network)? else {
                return Ok(Err(anyhow::anyhow!(
                    "the platform has no {} on {}",
                    coin.code(),
                    network.code()
                )));
            };
            if let Err(e) = apply_changes(&mut chain, &changes) {
                return Ok(Err(e));
            }
            chains::save(conn, &chain, now)?;
            operator_audit::record(
                conn,
                &operator,
                "wallet_config_set",
                &format!("{}/{}", coin.code(), network.code()),
                &format!("{chain:?}"),
                now,
            )?;
            Ok(Ok(chain))
        })
        .await
        .map_err(|e| failed(&e))??;
    print_chain(&saved);
    Ok(())
}

async fn price_set(config: &Config, coin: &str, usd: &str) -> anyhow::Result<()> {
    let coin = coin_of(coin)?;
    let price = parse_amount(usd, PRICE_SCALE)
        .ok()
        .filter(|p| *p > 0)
        .with_context(|| {
            format!("{usd:?} is not a positive USD price (at most {PRICE_SCALE} decimals)")
        })?;
    let (db, now) = open(config)?;
    let operator = command_line_operator();
    db.write(move |conn| {
        prices::set(conn, coin, price, &operator, now)?;
        operator_audit::record(
            conn,
            &operator,
            "wallet_price_set",
            coin.code(),
            &format!("{} USD", price_text(price)),
            now,
        )?;
        Ok(())
    })
    .await
    .map_err(|e| failed(&e))?;
    println!("{} is now {} USD", coin.code(), price_text(price));
    Ok(())
}

async fn price_list(config: &Config) -> anyhow::Result<()> {
    let (db, now) = open(config)?;
    let latest = db
        .read(move |conn| Ok(prices::latest(conn, now)?))
        .await
        .map_err(|e| failed(&e))?;
    for (coin, price) in latest {
        println!(
            "{}\t{} USD\tset at {}",
            coin.code(),
            price_text(price.price),
            price.set_at
        );
    }
    Ok(())
}

fn print_withdrawal(w: &CryptoWithdrawalRow) {
    let scale = w.coin().map_or(0, Coin::scale);
    println!(
        "{}\t{}\t{}\t{}/{}\t{}\tamount {}\tfee {}\t{}\t{}",
        w.id,
        w.created_at,
        w.user_id,
        w.coin,
        w.network,
        w.status,
        amount_text(w.amount, scale),
        amount_text(w.fee, scale),
        w.address,
        w.txid.as_deref().unwrap_or("-"),
    );
}

async fn withdrawal(config: &Config, action: WithdrawalAction) -> anyhow::Result<()> {
    let (db, now) = open(config)?;
    let operator = command_line_operator();
    let (id, audit, wanted) = match action {
        WithdrawalAction::List { status } => {
            let status = status
                .map(|s| {
                    CryptoWithdrawalStatus::parse(&s.trim().to_uppercase())
                        .with_context(|| format!("unknown status {s:?}"))
                })
                .transpose()?;
            let rows = db
                .read(move |conn| Ok(withdrawals::queue(conn, status, 500)?))
                .await
                .map_err(|e| failed(&e))?;
            println!("id\tcreated\tuser\tchain\tstatus\tamount\tfee\taddress\ttxid");
            rows.iter().for_each(print_withdrawal);
            return Ok(());
        }
        WithdrawalAction::Approve { id } => (id, "crypto_withdrawal_approve", None),
        WithdrawalAction::Reject { id, reason } => {
            (id, "crypto_withdrawal_reject", Some((false, reason)))
        }
        WithdrawalAction::Fail { id, reason } => {
            (id, "crypto_withdrawal_fail", Some((true, reason)))
        }
    };
    if let Some((_, text)) = &wanted
        && !reason::ALL.contains(&text.as_str())
    {
        bail!(
            "unknown reason {text:?}; one of: {}",
            reason::ALL.join(", ")
        );
    }
    let wanted_id = id.clone();
    let outcome = db
        .write(move |conn| {
            let done = match &wanted {
                None => withdrawals::approve(conn, &wanted_id, &operator, now)?,
                Some((false, why)) => withdrawals::reject(conn, &wanted_id, why, &operator, now)?,
                Some((true, why)) => withdrawals::fail(conn, &wanted_id, why, &operator, now)?,
            };
            if let Ok(done) = &done {
                operator_audit::record(
                    conn,
                    &operator,
                    audit,
                    &done.id,
                    &format!(
                        "user {} {} {} status {}",
                        done.user_id, done.amount, done.coin, done.status
                    ),
                    now,
                )?;
            }
            Ok(done)
        })
        .await
        .map_err(|e| failed(&e))?;
    match outcome {
        Ok(done) => {
            println!("withdrawal {} is now {}", done.id, done.status);
            Ok(())
        }
        Err(Refused::NotFound) => bail!("no withdrawal {id}"),
        Err(Refused::WrongState(status)) => {
            bail!(
                "withdrawal {id} is {}: that step does not follow",
                status.as_str()
            )
        }
        Err(Refused::InsufficientBalance) => bail!("withdrawal {id}: insufficient balance"),
    }
}
