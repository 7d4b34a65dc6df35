//! The `verification` event: a zero-amount check of the card, no money.

use domain::orders::{TransactionStatus as Status, TransactionType as Kind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::transaction::{insert, new_row};
use super::{Decline, Event, EventAnswer};
use crate::api::AppError;
use crate::db::DbConnection;
use crate::services::cards::Card;

pub(super) fn verify(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let decline = Decline::of_status(card.status_at(now));
    let mut row = new_row(
        e,
        card,
        Kind::Verification.as_str(),
        Status::Succeed.as_str(),
        now,
    );
    if let Some(reason) = decline {
        Status::Failed.as_str().clone_into(&mut row.status);
        row.decline_reason = Some(reason.as_str().to_owned());
    }
    insert(conn, &row)?;
    Ok(Ok(EventAnswer::Verification(Verified {
        approved: decline.is_none(),
        decline_reason: decline,
        transaction_id: row.transaction_id,
    })))
}

/// A decision that moved no money: a verification (whether the card would be approved), or
/// an authorization the platform could not decide in time (declined `issuer_unavailable`).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Verified {
    transaction_id: String,
    approved: bool,
    #[schema(required = true)]
    decline_reason: Option<Decline>,
}

impl Verified {
    pub(super) fn declined(transaction_id: &str, reason: Decline) -> Verified {
        Verified {
            transaction_id: transaction_id.to_owned(),
            approved: false,
            decline_reason: Some(reason),
        }
    }
}

impl Verified {
    pub(super) fn approved(&self) -> bool {
        self.approved
    }

    pub(super) fn decline_reason(&self) -> Option<Decline> {
        self.decline_reason
    }
}
