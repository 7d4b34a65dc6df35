//! `fiscard simulate chain …` (the sandbox chain: deposits, blocks, reorganisations) and
//! `fiscard admin wallet …` (the operators' side of the wallet until the console has screens:
//! each chain's settings, reference prices, the withdrawal queue and its decisions; every
//! change audited).

use anyhow::{Context, bail};
use clap::Subcommand;
use domain::money::{amount_text, parse_amount};
use domain::wallet::{Coin, Network};

use crate::clock::Clock;
use crate::config::{Config, Mode};
use crate::db::Db;
use crate::services::wallet::chain::{self, Output, Reorged, Seen};

mod admin;

pub use admin::admin;

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
