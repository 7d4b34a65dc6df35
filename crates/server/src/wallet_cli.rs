//! `fiscard simulate chain …` (the sandbox chain: deposits, blocks, reorganisations) and
//! `fiscard admin wallet …` (the operators' side of the wallet until the console has screens:
//! each chain's settings, reference prices, the withdrawal queue and its decisions; every
//! change audited).

use anyhow::{Context, bail};
use clap::Subcommand;
use domain::money::{amount_text, parse_amount};
use domain::wallet::{Coin, CryptoWithdrawalStatus, Network};

use crate::clock::Clock;
use crate::config::{Config, Mode};
use crate::db::Db;
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::wallet::chain::{self, Output, Reorged, Seen};
use crate::services::wallet::chains::{self, Chain};
use crate::services::wallet::prices;
use crate::services::wallet::withdrawals::{self, CryptoWithdrawalRow, Refused, reason};

/// The sandbox chain.
#[derive(Debug, Subcommand)]
pub enum ChainAction {
    /// An output paying an address: pending until mined (dust and a wrong network are recorded,
    /// never credited). The same output again changes nothing.
    Deposit {
        /// BTC, ETH or TRX.
        #[arg(long)]
        network: String,
        #[arg(long)]
        address: String,
        #[arg(long)]
        txid: String,
        #[arg(long, default_value_t = 0)]
        vout: u32,
        /// In the coin, e.g. 0.015.
        #[arg(long)]
        amount: String,
        /// BTC, ETH or USDT (default: the network's own coin; USDT on TRX).
        #[arg(long)]
        coin: Option<String>,
    },
    /// Mine blocks: what waits goes into the first; deposits and withdrawals count their
    /// confirmations and are credited or completed at their chain's count.
    Mine {
        #[arg(long)]
        network: String,
        #[arg(long, default_value_t = 1)]
        blocks: i64,
    },
    /// A reorganisation removes a transaction: its deposits not yet credited are dropped (a
    /// credited one is refused).
    Reorg {
        #[arg(long)]
        network: String,
        #[arg(long)]
        txid: String,
    },
}

/// The operators' wallet commands.
#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once, at start
pub enum WalletAction {
    /// Each chain's settings.
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
    /// Reference prices (USD per coin).
    Price {
        #[command(subcommand)]
        action: PriceAction,
    },
    /// Crypto withdrawals: the queue and the decisions.
    Withdrawal {
        #[command(subcommand)]
        action: WithdrawalAction,
    },
}

#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once, at start
pub enum ConfigAction {
    /// Every chain and its settings.
    List,
    /// Change a chain's settings (amounts in the coin); what is not given stays.
    Set(ChainChanges),
}

/// The settings `admin wallet config set` changes.
#[derive(Debug, clap::Args)]
pub struct ChainChanges {
    #[arg(long)]
    coin: String,
    #[arg(long)]
    network: String,
    #[arg(long)]
    deposit_enabled: Option<bool>,
    #[arg(long)]
    withdraw_enabled: Option<bool>,
    #[arg(long)]
    min_deposit: Option<String>,
    #[arg(long)]
    min_withdraw: Option<String>,
    #[arg(long)]
    max_withdraw: Option<String>,
    #[arg(long)]
    fee: Option<String>,
    #[arg(long)]
    multiple: Option<String>,
    #[arg(long)]
    confirmations: Option<i64>,
    #[arg(long)]
    memo_required: Option<bool>,
    #[arg(long)]
    daily_limit: Option<String>,
    /// Withdrawals above it wait for an operator.
    #[arg(long)]
    review_above: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum PriceAction {
    /// Set a coin's reference price: `price set BTC 65000`.
    Set { coin: String, usd: String },
    /// Each coin's newest price.
    List,
}

#[derive(Debug, Subcommand)]
pub enum WithdrawalAction {
    /// Oldest first (`--status REVIEWING`: those waiting for an operator).
    List {
        #[arg(long)]
        status: Option<String>,
    },
    /// Approve one in review: it is broadcast.
    Approve { id: String },
    /// Reject one before it is broadcast; amount and fee go back.
    Reject {
        id: String,
        /// compliance, address_risk or user_request.
        #[arg(long)]
        reason: String,
    },
    /// Record that the network did not take a broadcast one; amount and fee go back.
    Fail {
        id: String,
        #[arg(long, default_value = "broadcast_failed")]
        reason: String,
    },
}

fn network_of(text: &str) -> anyhow::Result<Network> {
    Network::from_code(&text.trim().to_uppercase())
        .with_context(|| format!("unknown network {text:?}; one of BTC, ETH, TRX"))
}

fn coin_of(text: &str) -> anyhow::Result<Coin> {
    Coin::from_code(&text.trim().to_uppercase())
        .with_context(|| format!("unknown coin {text:?}; one of BTC, ETH, USDT"))
}

fn amount_of(text: &str, coin: Coin) -> anyhow::Result<i64> {
    parse_amount(text, coin.scale())
        .ok()
        .filter(|a| *a >= 0)
        .with_context(|| {
            format!(
                "{text:?} is not an amount of {} (at most {} decimals)",
                coin.code(),
                coin.scale()
            )
        })
}

fn open(config: &Config) -> anyhow::Result<(Db, i64)> {
    let db = Db::connect(config.database_url.expose(), 1)?;
    Ok((db, Clock::for_config(config)?.now_ms()))
}

/// The cause of a failed transaction (rolled back), as the operator reads it.
fn failed(e: &crate::api::AppError) -> anyhow::Error {
    match e.cause() {
        Some(cause) => anyhow::anyhow!("{cause:#}"),
        None => anyhow::anyhow!("{e}"),
    }
}

/// `simulate chain …`.
pub async fn simulate(config: &Config, action: ChainAction) -> anyhow::Result<()> {
    if config.mode == Mode::Production {
        bail!("the sandbox chain is not available in production mode");
    }
    let (db, now) = open(config)?;
    match action {
        ChainAction::Deposit {
            network,
            address,
            txid,
            vout,
            amount,
            coin,
        } => {
            let output = Output {
                network: network_of(&network)?,
                txid,
                vout,
                address,
                coin: coin.as_deref().map(coin_of).transpose()?,
                amount,
            };
            let seen = db
                .write(move |conn| Ok(chain::deposit(conn, &output, now)?))
                .await
                .map_err(|e| failed(&e))?;
            let (word, d) = match &seen {
                Seen::New(d) => ("recorded", d),
                Seen::Replay(d) => ("seen before", d),
            };
            println!(
                "deposit {} {word}: {}:{}:{} {} {} to {} is {}{}",
                d.id,
                d.network,
                d.txid,
                d.vout,
                Coin::from_code(&d.coin).map_or_else(
                    || d.amount.to_string(),
                    |c| amount_text(d.amount, c.scale())
                ),
                d.coin,
                d.address,
                d.state,
                d.reason
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            );
        }
        ChainAction::Mine { network, blocks } => {
            let network = network_of(&network)?;
            let mined = db
                .write(move |conn| Ok(chain::mine(conn, network, blocks, now)?))
                .await
                .map_err(|e| failed(&e))?;
            println!(
                "{} is at height {}: {} deposits confirming, {} credited, {} withdrawals completed",
                network.code(),
                mined.height,
                mined.confirming,
                mined.credited.len(),
                mined.completed.len()
            );
            for id in mined.credited {
                println!("credited deposit {id}");
            }
            for id in mined.completed {
                println!("completed withdrawal {id}");
            }
        }
        ChainAction::Reorg { network, txid } => {
            let network = network_of(&network)?;
            let done = db
                .write(move |conn| Ok(chain::reorg(conn, network, &txid, now)?))
                .await
                .map_err(|e| failed(&e))?;
            match done {
                Reorged::Dropped(ids) => println!("dropped deposits {}", ids.join(", ")),
                Reorged::AlreadyDropped => println!("every output of it was dropped before"),
            }
        }
    }
    Ok(())
}

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
    let cents = parse_amount(usd, 2)
        .ok()
        .filter(|c| *c > 0)
        .with_context(|| format!("{usd:?} is not a positive USD price (at most 2 decimals)"))?;
    let (db, now) = open(config)?;
    let operator = command_line_operator();
    db.write(move |conn| {
        prices::set(conn, coin, cents, &operator, now)?;
        operator_audit::record(
            conn,
            &operator,
            "wallet_price_set",
            coin.code(),
            &format!("{} USD", amount_text(cents, 2)),
            now,
        )?;
        Ok(())
    })
    .await
    .map_err(|e| failed(&e))?;
    println!("{} is now {} USD", coin.code(), amount_text(cents, 2));
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
            amount_text(price.cents, 2),
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
