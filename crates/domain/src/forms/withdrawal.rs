//! Withdraw USD to a saved bank account (DESIGN §9). The same rules run in the browser, with the
//! limits the server sent, and on the server, with the limits read under the user's lock.

use serde::Deserialize;
use validator::Validate;

use super::Form;
use super::rules::{self, Rule, fail, fail_with};
use crate::error::ErrorCode;
use crate::input::{Blank, DecimalText, Input};
use crate::money::{USD, amount_text};
use crate::withdrawal::cooling_off_left;

/// Longest bank account id accepted (ids are server-issued).
const ACCOUNT_ID_MAX: usize = 64;

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = WithdrawalContext, nest_all_fields)]
pub struct WithdrawalForm {
    /// The saved bank account's `id`.
    #[validate(
        required(code = "required_choice"),
        length(max = ACCOUNT_ID_MAX, code = "text_too_long"),
        custom(function = destination_usable, use_context)
    )]
    pub bank_account_id: Input<String>,
    /// USD taken from the USD account, the fee included (decimal text, or a number).
    #[validate(
        required(code = "withdrawal_amount_required"),
        custom(function = within_limits, use_context)
    )]
    pub amount: Input<DecimalText>,
}

/// What a withdrawal may take, in USD cents, at `now`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalContext {
    /// Milliseconds since the epoch.
    pub now: i64,
    /// What the USD account holds.
    pub available_balance: i64,
    /// The least and the most one withdrawal may take.
    pub minimum: i64,
    pub maximum: i64,
    /// What the daily and monthly limits leave.
    pub daily_left: i64,
    pub monthly_left: i64,
    /// The chosen account's payout state; absent until one is chosen.
    #[serde(default)]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub destination: Option<Destination>,
}

/// Whether a saved account can receive a payout now, and how much.
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Destination {
    /// The end of its cooling-off period, milliseconds since the epoch.
    pub usable_from: i64,
    /// A payout to it was returned: it receives none until saved again.
    pub needs_new_details: bool,
    /// Until a payout to it has completed, what its first-payout cap still allows (payouts
    /// under way counted); `None` once one has completed.
    #[serde(default)]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub cap_left: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawal {
    pub bank_account_id: String,
    /// Cents taken from the USD account (the fee comes out of it).
    pub amount_minor: i64,
}

impl Form for WithdrawalForm {
    type Context = WithdrawalContext;
    type Parsed = Withdrawal;

    fn build(&self, _: &WithdrawalContext) -> Option<Withdrawal> {
        Some(Withdrawal {
            bank_account_id: self.bank_account_id.text()?.to_owned(),
            amount_minor: rules::usd_amount(
                self.amount.value()?,
                ErrorCode::WithdrawalAmountRequired,
            )
            .ok()?,
        })
    }
}

/// The chosen account has no returned payout and its cooling-off period is over.
fn destination_usable(input: &Input<String>, context: &WithdrawalContext) -> Rule {
    let (Some(_), Some(destination)) = (input.text(), context.destination) else {
        return Ok(());
    };
    if destination.needs_new_details {
        return Err(fail(ErrorCode::BankAccountNeedsNewDetails));
    }
    if let Some(left) = cooling_off_left(destination.usable_from, context.now) {
        let mut error = fail_with(ErrorCode::BankAccountCoolingOff, "hours", left.hours);
        error.add_param("minutes".into(), &left.minutes);
        return Err(error);
    }
    Ok(())
}

fn usd(minor: i64) -> String {
    amount_text(minor, USD.scale)
}

/// A positive amount between the minimum and the maximum, within the first-payout cap, the
/// limits left and the balance — the first of these it breaks is the error.
fn within_limits(input: &Input<DecimalText>, context: &WithdrawalContext) -> Rule {
    let Some(text) = input.value().filter(|t| !t.is_blank()) else {
        return Ok(());
    };
    let amount = rules::usd_amount(text, ErrorCode::WithdrawalAmountRequired)?;
    let checks = [
        (
            amount < context.minimum,
            ErrorCode::WithdrawalBelowMinimum,
            context.minimum,
        ),
        (
            amount > context.maximum,
            ErrorCode::WithdrawalAboveMaximum,
            context.maximum,
        ),
        (
            context
                .destination
                .and_then(|d| d.cap_left)
                .is_some_and(|cap| amount > cap),
            ErrorCode::WithdrawalFirstPayoutCap,
            context.destination.and_then(|d| d.cap_left).unwrap_or(0),
        ),
        (
            amount > context.daily_left,
            ErrorCode::WithdrawalDailyLimit,
            context.daily_left,
        ),
        (
            amount > context.monthly_left,
            ErrorCode::WithdrawalMonthlyLimit,
            context.monthly_left,
        ),
    ];
    if let Some((_, code, limit)) = checks.into_iter().find(|(broken, _, _)| *broken) {
        return Err(fail_with(code, "amount", usd(limit.max(0))));
    }
    if amount > context.available_balance {
        return Err(fail(ErrorCode::InsufficientBalance));
    }
    Ok(())
}
