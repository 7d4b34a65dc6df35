//! Deposit addresses: one per user and network (shared by the network's coins), child
//! `0/index` of the network's account xpub ([`super::derive`]); the index is the next free one
//! of the network, so the same user and network always get the same address.

use diesel::prelude::*;
use domain::wallet::{Network, check_address};

use super::derive::{DepositKeys, deposit_address};
use crate::clock::new_id;
use crate::db::schema::wallet_addresses;
use crate::db::{DbConnection, insert_unless_taken};

/// How many times a new address is tried when concurrent requests took the index meanwhile.
const TRIES: usize = 16;

/// A deposit address's owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    pub user_id: String,
    /// The network the address was derived for.
    pub network: Network,
    /// The address as stored (canonical).
    pub address: String,
}

/// The user's deposit address on `network`, derived now if they have none yet.
///
/// # Errors
/// A database error, or every index tried taken by concurrent requests.
pub fn address_of(
    conn: &mut DbConnection,
    keys: &DepositKeys,
    user_id: &str,
    network: Network,
    now: i64,
) -> anyhow::Result<String> {
    for _ in 0..TRIES {
        let found: Option<String> = wallet_addresses::table
            .filter(wallet_addresses::user_id.eq(user_id))
            .filter(wallet_addresses::network.eq(network.code()))
            .select(wallet_addresses::address)
            .first(conn)
            .optional()?;
        if let Some(address) = found {
            return Ok(address);
        }
        let last: Option<i64> = wallet_addresses::table
            .filter(wallet_addresses::network.eq(network.code()))
            .select(diesel::dsl::max(wallet_addresses::address_index))
            .first(conn)?;
        let index = last.map_or(0, |i| i + 1);
        let child = u32::try_from(index)
            .ok()
            .filter(|i| *i < 1 << 31)
            .ok_or_else(|| anyhow::anyhow!("no unhardened index left on {}", network.code()))?;
        let address = deposit_address(keys, network, child);
        // Taken: another user got this index a moment ago (try the next), or this user got an
        // address meanwhile (read it on the next turn).
        insert_unless_taken(conn, |conn| {
            diesel::insert_into(wallet_addresses::table)
                .values((
                    wallet_addresses::id.eq(new_id()),
                    wallet_addresses::user_id.eq(user_id),
                    wallet_addresses::network.eq(network.code()),
                    wallet_addresses::address_index.eq(index),
                    wallet_addresses::address.eq(&address),
                    wallet_addresses::created_at.eq(now),
                ))
                .execute(conn)
        })?;
    }
    anyhow::bail!("no deposit address after {TRIES} tries")
}

/// The canonical form of `text` on whichever network it is valid on (as typed when none).
pub fn canonical(text: &str) -> String {
    Network::ALL
        .iter()
        .find_map(|n| check_address(*n, text).ok())
        .unwrap_or_else(|| text.trim().to_owned())
}

/// Whose deposit address `text` is (on whichever network), if it is one of the platform's.
pub fn owner_of(conn: &mut DbConnection, text: &str) -> QueryResult<Option<Owner>> {
    let address = canonical(text);
    let found: Option<(String, String)> = wallet_addresses::table
        .filter(wallet_addresses::address.eq(&address))
        .select((wallet_addresses::user_id, wallet_addresses::network))
        .first(conn)
        .optional()?;
    Ok(found.and_then(|(user_id, network)| {
        Some(Owner {
            user_id,
            network: Network::from_code(&network)?,
            address,
        })
    }))
}
