//! A new user's first steps (secure the account, verify identity, apply for a card, fund it),
//! each done or not from the user's real state, in the order they are taken.

use crate::identity::IdentityStatus;
use crate::macros::text_enum;

text_enum! {
    /// One of the first steps, in order.
    pub enum FirstStep {
        /// A security PIN or an authenticator app protects the account.
        SecureAccount = "secureAccount",
        /// Basic identity approved.
        VerifyIdentity = "verifyIdentity",
        /// A card applied for (and issued).
        ApplyCard = "applyCard",
        /// Money put on a card (a completed recharge).
        FundCard = "fundCard",
    }
}

/// What the first steps are read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserFacts {
    pub security_pin: bool,
    pub authenticators: usize,
    pub identity: IdentityStatus,
    /// Cards ever issued to the user (cancelled ones too: the step was taken).
    pub cards: u64,
    /// Completed recharges of any of the user's cards.
    pub recharges: u64,
}

impl FirstStep {
    /// Whether the user has taken this step.
    pub const fn done(self, facts: &UserFacts) -> bool {
        match self {
            Self::SecureAccount => facts.security_pin || facts.authenticators > 0,
            Self::VerifyIdentity => matches!(facts.identity, IdentityStatus::Approved),
            Self::ApplyCard => facts.cards > 0,
            Self::FundCard => facts.recharges > 0,
        }
    }
}

/// Every step with whether it is done, in order.
pub fn first_steps(facts: &UserFacts) -> Vec<(FirstStep, bool)> {
    FirstStep::ALL
        .iter()
        .map(|step| (*step, step.done(facts)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: UserFacts = UserFacts {
        security_pin: false,
        authenticators: 0,
        identity: IdentityStatus::NotStarted,
        cards: 0,
        recharges: 0,
    };

    #[test]
    fn a_new_user_has_every_step_ahead() {
        assert!(first_steps(&NEW).iter().all(|(_, done)| !done));
        assert_eq!(
            first_steps(&NEW)
                .iter()
                .map(|(s, _)| s.as_str())
                .collect::<Vec<_>>(),
            ["secureAccount", "verifyIdentity", "applyCard", "fundCard"]
        );
    }

    #[test]
    fn each_step_ticks_from_the_users_state() {
        let pin = UserFacts {
            security_pin: true,
            ..NEW
        };
        assert!(FirstStep::SecureAccount.done(&pin));
        let app = UserFacts {
            authenticators: 1,
            ..NEW
        };
        assert!(FirstStep::SecureAccount.done(&app));
        let review = UserFacts {
            identity: IdentityStatus::InReview,
            ..NEW
        };
        assert!(!FirstStep::VerifyIdentity.done(&review));
        let approved = UserFacts {
            identity: IdentityStatus::Approved,
            ..NEW
        };
        assert!(FirstStep::VerifyIdentity.done(&approved));
        let card = UserFacts { cards: 1, ..NEW };
        assert!(FirstStep::ApplyCard.done(&card) && !FirstStep::FundCard.done(&card));
        let funded = UserFacts {
            cards: 1,
            recharges: 2,
            ..NEW
        };
        assert!(FirstStep::FundCard.done(&funded));
    }
}
