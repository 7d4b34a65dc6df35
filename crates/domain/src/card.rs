//! Cards: status and what each status allows, and the Luhn check of card numbers.

use crate::input::text_enum;

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
    fn luhn_accepts_real_test_numbers() {
        assert!(luhn_valid("4111111111111111"));
        assert!(luhn_valid("5555555555554444"));
        assert!(luhn_valid("378282246310005"));
        assert!(!luhn_valid("4111111111111112"));
        assert!(!luhn_valid("4111-1111"));
        assert_eq!(luhn_check_digit("411111111111111"), Some(1));
    }
}
