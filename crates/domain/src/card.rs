//! Cards: status and what each status allows, and the Luhn check of card numbers.

use crate::date::Date;
use crate::macros::text_enum;
use crate::money::Rate;

text_enum! {
    /// A card's status as the API carries it.
    pub enum CardStatus {
        Normal = "normal",
        Frozen = "frozen",
        Expired = "expired",
        Cancelled = "cancelled",
    }
}

text_enum! {
    /// What a cardholder may ask of a card.
    pub enum CardAction {
        Recharge = "recharge",
        RevealDetails = "revealDetails",
        Freeze = "freeze",
        Unfreeze = "unfreeze",
        Cancel = "cancel",
    }
}

text_enum! {
    /// Why an operator freezes or unfreezes a card (the console's catalogue; the label is
    /// `card_freeze_reason.<code>`).
    pub enum FreezeReason {
        SuspectedFraud = "suspected_fraud",
        CustomerRequest = "customer_request",
        LostOrStolen = "lost_or_stolen",
        Compliance = "compliance",
        /// Said in the note, which it requires.
        Other = "other",
    }
}

impl FreezeReason {
    /// The catalogue key of the reason's label.
    pub fn label_key(self) -> String {
        format!("card_freeze_reason.{}", self.as_str())
    }
}

impl CardStatus {
    /// Cancelled cards are hidden from the card list.
    pub const fn is_listed(self) -> bool {
        !matches!(self, Self::Cancelled)
    }

    /// The status a card moves to when `action` is taken, or `None` when this status does not
    /// allow it. Actions that keep the status (recharge, reveal) answer the same status.
    #[allow(clippy::match_same_arms)] // one arm per transition reads as the lifecycle table
    pub const fn after(self, action: CardAction) -> Option<CardStatus> {
        match (self, action) {
            (Self::Normal, CardAction::Recharge | CardAction::RevealDetails) => Some(Self::Normal),
            (Self::Frozen, CardAction::RevealDetails) => Some(Self::Frozen),
            (Self::Normal, CardAction::Freeze) => Some(Self::Frozen),
            (Self::Frozen, CardAction::Unfreeze) => Some(Self::Normal),
            (Self::Normal | Self::Frozen | Self::Expired, CardAction::Cancel) => {
                Some(Self::Cancelled)
            }
            _ => None,
        }
    }

    pub const fn allows(self, action: CardAction) -> bool {
        self.after(action).is_some()
    }

    /// Only a normal card can be recharged.
    pub const fn allows_recharge(self) -> bool {
        self.allows(CardAction::Recharge)
    }

    /// The catalogue key of the status's label.
    pub fn label_key(self) -> String {
        format!("card_status.{}", self.as_str())
    }
}

/// What a card payment costs on top of its amount, in the card's currency: the transaction
/// fee (the payment rate, 1% by default) and, when the payment is in another currency than
/// the card's, the conversion fee (the exchange rate, 0.15% by default). Each is rounded half
/// up at the cent, as every fee.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentFees {
    pub transaction_fee: i64,
    pub conversion_fee: i64,
}

impl PaymentFees {
    pub fn of(gross_minor: i64, payment_rate: Rate, exchange_rate: Rate, foreign: bool) -> Self {
        PaymentFees {
            transaction_fee: payment_rate.fee(gross_minor),
            conversion_fee: if foreign {
                exchange_rate.fee(gross_minor)
            } else {
                0
            },
        }
    }

    /// Gross amount plus fees: what the card must cover.
    pub fn total_with(self, gross_minor: i64) -> i64 {
        gross_minor
            .saturating_add(self.transaction_fee)
            .saturating_add(self.conversion_fee)
    }
}

/// The rates a card gets unless its BIN says otherwise (SPEC §1: a 1% transaction fee, an
/// extra 0.15% exchange fee on non-USD currencies; recharges 1%).
pub const STANDARD_RECHARGE_RATE: Rate = Rate(100);
pub const STANDARD_PAYMENT_RATE: Rate = Rate(100);
pub const STANDARD_EXCHANGE_RATE: Rate = Rate(15);

/// What an amount costs at the standard rates, every fee a user pays: recharging it onto a card,
/// paying it in USD, and paying as much in another currency. Minor units of USD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FeeExample {
    pub amount_minor: i64,
    /// Taken out of a recharge of `amount`.
    pub recharge_fee_minor: i64,
    /// What reaches the card.
    pub recharged_minor: i64,
    /// The transaction fee on a payment of `amount`.
    pub transaction_fee_minor: i64,
    /// A USD payment of `amount`: the amount and its transaction fee.
    pub usd_payment_total_minor: i64,
    /// The exchange fee on a payment worth `amount` in another currency.
    pub exchange_fee_minor: i64,
    /// Such a payment: the amount, its transaction fee and its exchange fee.
    pub foreign_payment_total_minor: i64,
}

/// What `amount_minor` USD costs at the standard rates.
pub fn fee_example(amount_minor: i64) -> FeeExample {
    let recharge_fee_minor = STANDARD_RECHARGE_RATE.fee(amount_minor);
    let usd = PaymentFees::of(
        amount_minor,
        STANDARD_PAYMENT_RATE,
        STANDARD_EXCHANGE_RATE,
        false,
    );
    let foreign = PaymentFees::of(
        amount_minor,
        STANDARD_PAYMENT_RATE,
        STANDARD_EXCHANGE_RATE,
        true,
    );
    FeeExample {
        amount_minor,
        recharge_fee_minor,
        recharged_minor: amount_minor - recharge_fee_minor,
        transaction_fee_minor: usd.transaction_fee,
        usd_payment_total_minor: usd.total_with(amount_minor),
        exchange_fee_minor: foreign.conversion_fee,
        foreign_payment_total_minor: foreign.total_with(amount_minor),
    }
}

/// How long an issued card is valid.
pub const CARD_VALIDITY_YEARS: u32 = 3;

/// A card issued on `issued` expires at the end of the month `CARD_VALIDITY_YEARS` later:
/// answers its `MM/YY` and the first day after it (from which it is expired).
pub fn expiry_of(issued: Date) -> (String, Date) {
    let month = issued.first_of_month_after(CARD_VALIDITY_YEARS * 12);
    let end = month.first_of_month_after(1);
    (format!("{:02}/{:02}", month.month, month.year % 100), end)
}

/// The Luhn (mod 10) check every card number passes.
pub fn luhn_valid(digits: &str) -> bool {
    if digits.len() < 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                if d * 2 > 9 { d * 2 - 9 } else { d * 2 }
            } else {
                d
            }
        })
        .sum();
    sum % 10 == 0
}

/// The digit that makes `partial` + digit pass the Luhn check (for issuing numbers).
pub fn luhn_check_digit(partial: &str) -> Option<u8> {
    (0..=9).find(|d| luhn_valid(&format!("{partial}{d}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hundred_dollars_costs_one_to_recharge_one_to_pay_and_fifteen_cents_more_abroad() {
        let e = fee_example(10_000);
        assert_eq!((e.recharge_fee_minor, e.recharged_minor), (100, 9_900));
        assert_eq!(
            (e.transaction_fee_minor, e.usd_payment_total_minor),
            (100, 10_100)
        );
        assert_eq!(
            (e.exchange_fee_minor, e.foreign_payment_total_minor),
            (15, 10_115)
        );
    }

    #[test]
    fn only_normal_cards_take_recharges() {
        assert!(CardStatus::Normal.allows_recharge());
        for s in [
            CardStatus::Frozen,
            CardStatus::Expired,
            CardStatus::Cancelled,
        ] {
            assert!(!s.allows_recharge(), "{s:?}");
        }
    }

    #[test]
    fn transitions_follow_the_card_lifecycle() {
        assert_eq!(
            CardStatus::Normal.after(CardAction::Freeze),
            Some(CardStatus::Frozen)
        );
        assert_eq!(
            CardStatus::Frozen.after(CardAction::Unfreeze),
            Some(CardStatus::Normal)
        );
        assert_eq!(CardStatus::Frozen.after(CardAction::Freeze), None);
        assert_eq!(CardStatus::Expired.after(CardAction::Unfreeze), None);
        assert_eq!(
            CardStatus::Expired.after(CardAction::Cancel),
            Some(CardStatus::Cancelled)
        );
        assert_eq!(CardStatus::Cancelled.after(CardAction::Cancel), None);
        assert_eq!(CardStatus::Cancelled.after(CardAction::RevealDetails), None);
        assert!(!CardStatus::Cancelled.is_listed());
        assert!(CardStatus::Expired.is_listed());
    }

    #[test]
    fn payment_fees_are_one_percent_plus_the_conversion_abroad() {
        let (pay, fx) = (Rate(100), Rate(15));
        assert_eq!(
            PaymentFees::of(10_000, pay, fx, false),
            PaymentFees {
                transaction_fee: 100,
                conversion_fee: 0
            }
        );
        let abroad = PaymentFees::of(10_850, pay, fx, true);
        // 108.50 × 1% = 1.085 → 1.09; × 0.15% = 0.16275 → 0.16.
        assert_eq!(
            abroad,
            PaymentFees {
                transaction_fee: 109,
                conversion_fee: 16
            }
        );
        assert_eq!(abroad.total_with(10_850), 10_975);
    }

    #[test]
    fn cards_expire_at_the_end_of_the_month_three_years_on() {
        let issued = Date::parse("2026-11-21").unwrap();
        let (text, from) = expiry_of(issued);
        assert_eq!(text, "11/29");
        assert_eq!(from.to_string(), "2029-12-01");
        let (text, from) = expiry_of(Date::parse("2026-12-31").unwrap());
        assert_eq!(
            (text.as_str(), from.to_string().as_str()),
            ("12/29", "2030-01-01")
        );
    }

    #[test]
    fn luhn_accepts_real_test_numbers() {
        assert!(luhn_valid("4111111111111111"));
        assert!(luhn_valid("5555555555554444"));
        assert!(luhn_valid("378282246310005"));
        assert!(!luhn_valid("4111111111111112"));
        assert!(!luhn_valid("4111-1111"));
        assert_eq!(luhn_check_digit("411111111111111"), Some(1));
    }
}
