//! Where prices come from: a [`PriceSource`] behind which a real market feed can stand later,
//! and the deterministic [`SandboxFeed`] local runs and tests use.
//!
//! The feed is polled in ticks of `FISCARD_PRICE_TICK_SECS`: tick `k` is the instant
//! `k × tick`. Each tick appends one price per coin to `wallet_prices`, with the id
//! `<source>:<coin>:<tick instant>`, so however many server instances poll at once, each tick
//! is written once (the others' inserts find the id taken and write nothing).

use std::sync::Arc;

use diesel::prelude::*;
use domain::wallet::Coin;
use sha2::{Digest, Sha256};

use crate::clock::Clock;
use crate::db::schema::wallet_prices;
use crate::db::{Db, DbConnection, insert_unless_taken};

/// A source of reference prices (USD per whole coin, `domain::exchange::PRICE_SCALE`).
pub trait PriceSource: Send + Sync + std::fmt::Debug {
    /// Who set the prices it gives (`wallet_prices.set_by`, and the ids' prefix).
    fn name(&self) -> &'static str;

    /// `coin`'s price for the tick at `tick_ms`, given its newest price before that tick
    /// (`None` when it has none); `None` when the source has no price for it.
    ///
    /// # Errors
    /// The source could not be read (a real feed's network); the tick is skipped.
    fn price(&self, coin: Coin, tick_ms: i64, previous: Option<i64>)
    -> anyhow::Result<Option<i64>>;
}

/// A seeded random walk: each tick moves each coin by a step derived from (seed, coin, tick
/// number) alone, within ±[`SandboxFeed::step_bps`] of its newest stored price. The same seed
/// and the same stored prices give the same walk on every machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SandboxFeed {
    pub seed: u64,
    pub tick_ms: i64,
}

impl SandboxFeed {
    /// The largest step of a tick, in basis points: the coins that float 25 (0.25 %), the
    /// stablecoin 2.
    pub const fn step_bps(coin: Coin) -> i64 {
        match coin {
            Coin::Btc | Coin::Eth => 25,
            Coin::Usdt => 2,
        }
    }

    /// The step of tick number `tick` for `coin`, in basis points: uniform in ±`step_bps`.
    pub fn step(&self, coin: Coin, tick: i64) -> i64 {
        let mut hash = Sha256::new();
        hash.update(self.seed.to_le_bytes());
        hash.update(coin.code().as_bytes());
        hash.update(tick.to_le_bytes());
        let digest = hash.finalize();
        let mut first = [0_u8; 8];
        first.copy_from_slice(&digest[..8]);
        let bound = Self::step_bps(coin);
        let span = u64::try_from(2 * bound + 1).unwrap_or(1);
        i64::try_from(u64::from_le_bytes(first) % span).unwrap_or(0) - bound
    }
}

impl PriceSource for SandboxFeed {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn price(
        &self,
        coin: Coin,
        tick_ms: i64,
        previous: Option<i64>,
    ) -> anyhow::Result<Option<i64>> {
        let Some(previous) = previous else {
            return Ok(None);
        };
        let tick = tick_ms.div_euclid(self.tick_ms.max(1));
        let moved = i128::from(previous) * i128::from(10_000 + self.step(coin, tick)) / 10_000;
        Ok(Some(i64::try_from(moved).unwrap_or(previous).max(1)))
    }
}

/// The instant of the tick `now` falls in.
pub fn tick_at(now: i64, tick_ms: i64) -> i64 {
    now.div_euclid(tick_ms.max(1)) * tick_ms.max(1)
}

/// A price a tick wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticked {
    pub coin: Coin,
    pub price: i64,
    pub at: i64,
}

/// Writes the tick at `tick_ms` for every coin the source prices: each from the coin's newest
/// price before the tick. A tick written before (by this instance or another) is left as it is.
/// Answers the prices this call wrote.
///
/// # Errors
/// The source failed, or the database did.
pub fn write_tick(
    conn: &mut DbConnection,
    source: &dyn PriceSource,
    tick_ms: i64,
) -> anyhow::Result<Vec<Ticked>> {
    let mut written = Vec::new();
    for coin in Coin::ALL {
        let id = format!("{}:{}:{tick_ms}", source.name(), coin.code());
        let previous: Option<i64> = wallet_prices::table
            .filter(wallet_prices::coin.eq(coin.code()))
            .filter(wallet_prices::set_at.lt(tick_ms))
            .order((wallet_prices::set_at.desc(), wallet_prices::id.desc()))
            .select(wallet_prices::price)
            .first(conn)
            .optional()?;
        let Some(price) = source.price(coin, tick_ms, previous)? else {
            continue;
        };
        let inserted = insert_unless_taken(conn, |conn| {
            diesel::insert_into(wallet_prices::table)
                .values((
                    wallet_prices::id.eq(&id),
                    wallet_prices::coin.eq(coin.code()),
                    wallet_prices::price.eq(price),
                    wallet_prices::set_at.eq(tick_ms),
                    wallet_prices::set_by.eq(source.name()),
                ))
                .execute(conn)
        })?;
        if inserted {
            written.push(Ticked {
                coin,
                price,
                at: tick_ms,
            });
        }
    }
    Ok(written)
}

/// Polls `source` every `tick_ms` (real time) and writes the tick the clock is in
/// (`write_tick`; each tick is written once however many instances poll). A failed tick is
/// logged and the next one tries again; quotes stop once prices grow stale. Runs until the
/// runtime stops.
pub fn spawn(
    db: Db,
    clock: Clock,
    source: Arc<dyn PriceSource>,
    tick_ms: i64,
) -> actix_web::rt::task::JoinHandle<()> {
    let tick_ms = tick_ms.max(1);
    actix_web::rt::spawn(async move {
        let period = std::time::Duration::from_millis(u64::try_from(tick_ms).unwrap_or(5_000));
        let mut every = actix_web::rt::time::interval(period);
        loop {
            let scheduled = every.tick().await.into_std();
            let started = std::time::Instant::now();
            let at = tick_at(clock.now_ms(), tick_ms);
            let source = source.clone();
            let written = db
                .write(move |conn| Ok(write_tick(conn, &*source, at)?))
                .await;
            crate::telemetry::job_run("price_feed", scheduled, started, written.is_ok());
            match written {
                Ok(ticked) => tracing::debug!(written = ticked.len(), at, "price tick"),
                Err(error) => tracing::warn!(%error, "price tick failed; the next tick retries"),
            }
        }
    })
}

/// Writes the `count` ticks that end with the one `now` falls in, oldest first (`fiscard
/// simulate prices --ticks N`); ticks written before are left as they are.
///
/// # Errors
/// As [`write_tick`].
pub fn write_ticks(
    conn: &mut DbConnection,
    source: &dyn PriceSource,
    tick_ms: i64,
    count: i64,
    now: i64,
) -> anyhow::Result<Vec<Ticked>> {
    let last = tick_at(now, tick_ms);
    let mut written = Vec::new();
    for back in (0..count.max(0)).rev() {
        written.extend(write_tick(conn, source, last - back * tick_ms)?);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEED: SandboxFeed = SandboxFeed {
        seed: 22,
        tick_ms: 5_000,
    };

    #[test]
    fn the_walk_depends_on_seed_coin_and_tick_alone_and_stays_within_its_step() {
        let mut seen = std::collections::BTreeSet::new();
        for tick in 0..2_000 {
            for coin in Coin::ALL {
                let step = FEED.step(coin, tick);
                assert!(step.abs() <= SandboxFeed::step_bps(coin), "{coin:?} {step}");
                assert_eq!(step, FEED.step(coin, tick));
                if coin == Coin::Btc {
                    seen.insert(step);
                }
            }
        }
        // Every step of the range turns up: the walk goes both ways.
        assert_eq!(seen.len(), 51);
        let other = SandboxFeed { seed: 23, ..FEED };
        assert!((0..50).any(|t| other.step(Coin::Btc, t) != FEED.step(Coin::Btc, t)));
    }

    #[test]
    fn a_tick_moves_the_previous_price_by_its_step() {
        let previous = 6_500_000_000_000;
        let at = 1_790_000_000_000;
        let step = FEED.step(Coin::Btc, at / 5_000);
        let moved = FEED.price(Coin::Btc, at, Some(previous)).unwrap().unwrap();
        assert_eq!(moved, previous + previous / 10_000 * step);
        assert_eq!(FEED.price(Coin::Btc, at, None).unwrap(), None);
        assert_eq!(tick_at(at + 4_999, 5_000), at);
    }
}
