//! The wire shapes of USD withdrawals: a withdrawal as the user sees it, and the terms the
//! withdrawal screen previews with (the domain's withdrawal form runs in the browser on them).

use domain::mask::mask_account_number;
use domain::money::{USD, currency_amount_text};
use domain::withdrawal::{WithdrawalReason, WithdrawalStatus};
use serde::Serialize;
use utoipa::ToSchema;

use crate::config::PayoutConfig;
use crate::db::DbConnection;
use crate::services::bank_accounts::{self, SavedAccount};
use crate::services::withdrawals::{self, Withdrawal};

fn usd(minor: i64) -> String {
    currency_amount_text(minor, USD.code)
}

/// The account a withdrawal goes to, as it was saved.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutAccount {
    id: String,
    nickname: String,
    bank_name: String,
    /// ISO 3166-1 alpha-2.
    bank_country: String,
    /// `****` and the last 4 characters.
    account_number: String,
}

impl PayoutAccount {
    fn of(a: &SavedAccount) -> PayoutAccount {
        PayoutAccount {
            id: a.id.clone(),
            nickname: a.nickname.clone(),
            bank_name: a.bank_name.clone(),
            bank_country: a.bank_country.clone(),
            account_number: mask_account_number(&a.account_number),
        }
    }
}

/// A USD withdrawal. Amounts are exact decimal text in USD; times are milliseconds since the
/// epoch.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalItem {
    id: String,
    status: WithdrawalStatus,
    /// Taken from the USD account.
    amount: String,
    /// Kept out of the amount.
    fee: String,
    /// What the bank account receives: amount − fee.
    received: String,
    currency: String,
    bank_account: PayoutAccount,
    /// Above the review threshold: a finance operator approves it.
    needs_review: bool,
    /// The bank's reference, once sent.
    #[schema(required = true)]
    bank_reference: Option<String>,
    /// Why it was rejected or returned.
    #[schema(required = true)]
    reason: Option<WithdrawalReason>,
    /// Whether the user may still cancel it (until it is sent).
    cancellable: bool,
    create_time: i64,
    #[schema(required = true)]
    approved_at: Option<i64>,
    #[schema(required = true)]
    sent_at: Option<i64>,
    #[schema(required = true)]
    completed_at: Option<i64>,
    /// When it was rejected, cancelled or returned.
    #[schema(required = true)]
    closed_at: Option<i64>,
}

impl WithdrawalItem {
    pub fn of(w: &Withdrawal, account: &SavedAccount) -> WithdrawalItem {
        WithdrawalItem {
            id: w.id.clone(),
            status: w.status(),
            amount: usd(w.amount),
            fee: usd(w.fee),
            received: usd(w.received()),
            currency: USD.code.to_owned(),
            bank_account: PayoutAccount::of(account),
            needs_review: w.needs_review,
            bank_reference: w.bank_reference.clone(),
            reason: w.reason(),
            cancellable: w.status().cancellable(),
            create_time: w.created_at,
            approved_at: w.approved_at,
            sent_at: w.sent_at,
            completed_at: w.completed_at,
            closed_at: w.closed_at,
        }
    }
}

/// The fee: a fixed part plus a share of the amount.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeTerms {
    /// USD, charged on every withdrawal.
    fixed: String,
    /// A fraction of the amount (0.001 = 0.1%), rounded half up to the cent.
    rate: String,
}

/// A saved account's payout state.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DestinationState {
    bank_account: PayoutAccount,
    /// The end of its cooling-off period.
    usable_from: i64,
    /// A payout to it was returned: it receives none until saved again with new details.
    needs_new_details: bool,
    /// Until a payout to it has completed: what its first-payout cap still allows (payouts
    /// under way counted), USD; null once one has completed.
    #[schema(required = true)]
    cap_left: Option<String>,
}

/// What a USD withdrawal costs and may take now. Amounts are exact decimal text in USD.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalTerms {
    /// The server's clock, milliseconds since the epoch (the cooling-off periods end by it).
    now: i64,
    fee: FeeTerms,
    minimum: String,
    maximum: String,
    daily_limit: String,
    monthly_limit: String,
    /// What the limits leave today and this month (UTC).
    daily_left: String,
    monthly_left: String,
    /// Withdrawals up to this are approved at once; above it an operator approves them.
    review_above: String,
    /// The USD account's balance.
    available_balance: String,
    /// Withdrawals asked for and not yet completed, rejected, cancelled or returned.
    under_way: String,
    /// Every saved account (deleted ones left out).
    destinations: Vec<DestinationState>,
}

impl WithdrawalTerms {
    pub fn read(
        conn: &mut DbConnection,
        user_id: &str,
        payouts: &PayoutConfig,
        now: i64,
    ) -> diesel::QueryResult<WithdrawalTerms> {
        let context = withdrawals::context(conn, user_id, None, payouts, now)?;
        let mut destinations = Vec::new();
        for account in bank_accounts::all_of(conn, user_id)? {
            let state = withdrawals::destination(conn, &account)?;
            destinations.push(DestinationState {
                bank_account: PayoutAccount::of(&account),
                usable_from: state.usable_from,
                needs_new_details: state.needs_new_details,
                cap_left: state.cap_left.map(usd),
            });
        }
        Ok(WithdrawalTerms {
            now,
            fee: FeeTerms {
                fixed: usd(payouts.fee.fixed_minor),
                rate: payouts.fee.rate.to_fraction(),
            },
            minimum: usd(payouts.minimum),
            maximum: usd(payouts.maximum),
            daily_limit: usd(payouts.daily_limit),
            monthly_limit: usd(payouts.monthly_limit),
            daily_left: usd(context.daily_left),
            monthly_left: usd(context.monthly_left),
            review_above: usd(payouts.review_above),
            available_balance: usd(context.available_balance),
            under_way: usd(withdrawals::under_way(conn, user_id)?),
            destinations,
        })
    }
}
