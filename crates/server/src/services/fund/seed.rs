//! Many fund holders at once, through the server's own services (`fiscard simulate
//! fund-holders`, and the bench): each a user (the password hash given), a wire credited to
//! their USD account and a subscription of the current product from it, `batch` holders a
//! transaction.

use domain::date::Date;
use domain::forms::FundSubscription;
use domain::fund::{FundSource, subscribe_preview};

use super::orders;
use super::products;
use crate::db::DbConnection;
use crate::services::{accounts, wires};

/// Seeds holders `first..first + count` (e-mail `fund-holder-<n>@example.com`), each
/// subscribing `amount` minor units of the USD current product on `today`. Answers how many.
///
/// # Errors
/// A database failure, or a refused wire or subscription (a seed that cannot be made).
pub fn holders(
    conn: &mut DbConnection,
    first: u64,
    count: u64,
    amount: i64,
    password_hash: &str,
    today: Date,
    now: i64,
) -> anyhow::Result<u64> {
    let product = products::find(conn, "usd-current")?
        .ok_or_else(|| anyhow::anyhow!("the USD current product is missing"))?;
    let preview = subscribe_preview(&product.terms, today, amount)
        .map_err(|e| anyhow::anyhow!("no subscription of {amount}: {e:?}"))?;
    for n in first..first + count {
        let email = format!("fund-holder-{n}@example.com");
        let uid = accounts::create(conn, &email, password_hash, "user", "en-US", now)?;
        if let Err(refused) = wires::credit(conn, &uid, amount, &format!("SEED-{n}"), now)? {
            anyhow::bail!("the seed wire of {email} was refused: {refused:?}");
        }
        let asked = FundSubscription {
            product_id: product.id.clone(),
            source: FundSource::Usd,
            amount,
            preview,
        };
        if let Err(refused) = orders::subscribe(conn, &uid, &product, &asked, today, now)? {
            anyhow::bail!("the seed subscription of {email} was refused: {refused:?}");
        }
    }
    Ok(count)
}
