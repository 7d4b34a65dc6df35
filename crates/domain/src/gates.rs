//! Which preconditions each action has (login, identity checks, a bound mobile), as data.
//!
//! The browser asks before it offers an action; the server refuses with the gate's status
//! code. Both read [`GATES`].

use serde::{Deserialize, Serialize};

use crate::identity::IdentityStatus;
use crate::macros::text_enum;

text_enum! {
    /// A precondition a user may not yet meet.
    pub enum Gate {
        Login = "login",
        BasicIdentity = "basicIdentity",
        InvestorIdentity = "investorIdentity",
        Aml = "aml",
        Qi = "qi",
        Mobile = "mobile",
    }
}

impl Gate {
    /// The API statusCode a refused request answers with.
    pub const fn status_code(self) -> u16 {
        match self {
            Self::Login => 101,
            Self::BasicIdentity => 105,
            Self::InvestorIdentity => 106,
            Self::Aml => 107,
            Self::Qi => 108,
            Self::Mobile => 110,
        }
    }

    /// The catalogue key of the prompt that leads the user to fix it.
    pub const fn prompt_key(self) -> &'static str {
        match self {
            Self::Login => "gate.login",
            Self::BasicIdentity => "gate.basic_identity",
            Self::InvestorIdentity => "gate.investor_identity",
            Self::Aml => "gate.aml",
            Self::Qi => "gate.qi",
            Self::Mobile => "gate.mobile",
        }
    }
}

text_enum! {
    /// Actions behind gates.
    pub enum GatedAction {
        ApplyCard = "applyCard",
        RechargeCard = "rechargeCard",
        AddBankAccount = "addBankAccount",
        StartInvestorIdentity = "startInvestorIdentity",
        AnswerAml = "answerAml",
        AnswerQi = "answerQi",
        OpenFundAccount = "openFundAccount",
        Withdraw = "withdraw",
        /// Swap one asset for another (quote and accept).
        Exchange = "exchange",
    }
}

/// Each action's gates, checked in this order.
pub const GATES: &[(GatedAction, &[Gate])] = &[
    (
        GatedAction::ApplyCard,
        &[Gate::Login, Gate::BasicIdentity, Gate::Mobile],
    ),
    (GatedAction::RechargeCard, &[Gate::Login]),
    (
        GatedAction::AddBankAccount,
        &[Gate::Login, Gate::BasicIdentity],
    ),
    (
        GatedAction::StartInvestorIdentity,
        &[Gate::Login, Gate::BasicIdentity],
    ),
    (
        GatedAction::AnswerAml,
        &[Gate::Login, Gate::InvestorIdentity],
    ),
    (
        GatedAction::AnswerQi,
        &[Gate::Login, Gate::InvestorIdentity],
    ),
    (
        GatedAction::OpenFundAccount,
        &[Gate::Login, Gate::InvestorIdentity, Gate::Aml, Gate::Qi],
    ),
    (GatedAction::Withdraw, &[Gate::Login, Gate::BasicIdentity]),
    (GatedAction::Exchange, &[Gate::Login, Gate::BasicIdentity]),
];

/// What the gates look at: the user's verification states and whether a mobile is bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GateState {
    pub logged_in: bool,
    pub basic_identity: IdentityStatus,
    pub investor_identity: IdentityStatus,
    /// AML questionnaire state.
    pub aml: IdentityStatus,
    /// Qualified-investor questionnaire state.
    pub qi: IdentityStatus,
    pub mobile_bound: bool,
}

impl GateState {
    fn passes(self, gate: Gate) -> bool {
        match gate {
            Gate::Login => self.logged_in,
            Gate::BasicIdentity => self.basic_identity == IdentityStatus::Approved,
            Gate::InvestorIdentity => self.investor_identity == IdentityStatus::Approved,
            Gate::Aml => self.aml == IdentityStatus::Approved,
            Gate::Qi => self.qi == IdentityStatus::Approved,
            Gate::Mobile => self.mobile_bound,
        }
    }
}

/// The gates of `action`.
pub fn gates_of(action: GatedAction) -> &'static [Gate] {
    GATES
        .iter()
        .find(|(a, _)| *a == action)
        .map_or(&[], |(_, g)| g)
}

/// The first gate `state` does not pass for `action`, if any.
pub fn first_closed_gate(action: GatedAction, state: &GateState) -> Option<Gate> {
    gates_of(action).iter().copied().find(|g| !state.passes(*g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use IdentityStatus::{Approved, InReview, NotStarted};

    fn user() -> GateState {
        GateState {
            logged_in: true,
            basic_identity: Approved,
            investor_identity: Approved,
            aml: Approved,
            qi: Approved,
            mobile_bound: true,
        }
    }

    #[test]
    fn applying_for_a_card_needs_login_identity_then_mobile() {
        let mut s = user();
        assert_eq!(first_closed_gate(GatedAction::ApplyCard, &s), None);
        s.mobile_bound = false;
        assert_eq!(
            first_closed_gate(GatedAction::ApplyCard, &s),
            Some(Gate::Mobile)
        );
        s.basic_identity = InReview;
        assert_eq!(
            first_closed_gate(GatedAction::ApplyCard, &s),
            Some(Gate::BasicIdentity)
        );
        s.logged_in = false;
        assert_eq!(
            first_closed_gate(GatedAction::ApplyCard, &s),
            Some(Gate::Login)
        );
    }

    #[test]
    fn fund_accounts_need_the_whole_investor_chain() {
        let mut s = user();
        s.qi = NotStarted;
        assert_eq!(
            first_closed_gate(GatedAction::OpenFundAccount, &s),
            Some(Gate::Qi)
        );
        s.aml = NotStarted;
        assert_eq!(
            first_closed_gate(GatedAction::OpenFundAccount, &s),
            Some(Gate::Aml)
        );
        s.investor_identity = NotStarted;
        assert_eq!(
            first_closed_gate(GatedAction::AnswerAml, &s),
            Some(Gate::InvestorIdentity)
        );
        assert_eq!(Gate::Mobile.status_code(), 110);
    }

    #[test]
    fn exchanging_needs_login_and_basic_identity() {
        let mut s = user();
        s.mobile_bound = false;
        s.investor_identity = NotStarted;
        assert_eq!(first_closed_gate(GatedAction::Exchange, &s), None);
        s.basic_identity = InReview;
        assert_eq!(
            first_closed_gate(GatedAction::Exchange, &s),
            Some(Gate::BasicIdentity)
        );
        assert_eq!(Gate::BasicIdentity.status_code(), 105);
    }

    #[test]
    fn every_action_has_gates() {
        for (action, gates) in GATES {
            assert!(!gates.is_empty(), "{action:?}");
            assert_eq!(gates[0], Gate::Login);
        }
    }
}
