//! The step-up verification policy: which factors (e-mail code, authenticator code, security
//! PIN) an action needs, decided from the user's security configuration. The browser asks
//! for exactly what the server will check.

use serde::{Deserialize, Serialize};

use crate::error::ErrorCode;
use crate::macros::text_enum;

/// Login switches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LoginSwitches {
    pub email: bool,
    pub mfa: bool,
}

/// Trade switches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TradeSwitches {
    pub email: bool,
    pub mfa: bool,
    pub security: bool,
}

/// A bound authenticator as `user/config` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatorEntry {
    pub id: String,
    pub remark: String,
}

/// The user's security configuration, shaped as `GET user/config` answers it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SecurityConfig {
    /// A security PIN is set.
    pub security: bool,
    /// Bound authenticators.
    pub mfa: Vec<AuthenticatorEntry>,
    pub login: LoginSwitches,
    pub trade: TradeSwitches,
}

impl SecurityConfig {
    pub fn has_authenticator(&self) -> bool {
        !self.mfa.is_empty()
    }
}

/// The factors a request must carry; also the `{email, mfa, security}` flags of statusCode 103.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Factors {
    /// An e-mail code (`emailCaptcha`).
    pub email: bool,
    /// An authenticator code (`mfaCode`).
    pub mfa: bool,
    /// The security PIN (`securityPassword`).
    pub security: bool,
}

impl Factors {
    pub const fn none(self) -> bool {
        !self.email && !self.mfa && !self.security
    }
}

text_enum! {
    /// An event of an account that its holder is told about (their security history); what an
    /// operator did to the account (`…_by_operator`) is recorded without an address.
    pub enum SecurityEvent {
        Registered = "registered",
        LoginSucceeded = "login_succeeded",
        LoginFailed = "login_failed",
        LoginLocked = "login_locked",
        Logout = "logout",
        PasswordReset = "password_reset",
        SessionRevoked = "session_revoked",
        OtherSessionsRevoked = "other_sessions_revoked",
        PinSet = "pin_set",
        PinChanged = "pin_changed",
        PasswordChanged = "password_changed",
        AuthenticatorBound = "authenticator_bound",
        AuthenticatorRemoved = "authenticator_removed",
        SwitchChanged = "switch_changed",
        MobileBound = "mobile_bound",
        CardIssued = "card_issued",
        CardRevealed = "card_revealed",
        CardFrozen = "card_frozen",
        CardUnfrozen = "card_unfrozen",
        CardCancelled = "card_cancelled",
        BankAccountAdded = "bank_account_added",
        BankAccountDeleted = "bank_account_deleted",
        WithdrawalRequested = "withdrawal_requested",
        WithdrawalCancelled = "withdrawal_cancelled",
        /// An operator froze one of the user's cards (console or `admin card freeze`).
        CardFrozenByOperator = "card_frozen_by_operator",
        /// An operator lifted a freeze on one of the user's cards.
        CardUnfrozenByOperator = "card_unfrozen_by_operator",
        /// An operator ended one of the user's sessions.
        SessionEndedByOperator = "session_ended_by_operator",
        /// An operator ended all of the user's sessions.
        SessionsEndedByOperator = "sessions_ended_by_operator",
    }
}

text_enum! {
    /// Every action that is verified before it runs.
    pub enum SecureAction {
        Login = "login",
        Recharge = "recharge",
        RevealCard = "revealCard",
        CardUnfreeze = "cardUnfreeze",
        CardCancel = "cardCancel",
        BankAccountAdd = "bankAccountAdd",
        BankAccountDelete = "bankAccountDelete",
        Withdraw = "withdraw",
        SwitchChange = "switchChange",
        AuthenticatorBind = "authenticatorBind",
        AuthenticatorRemove = "authenticatorRemove",
        PinSet = "pinSet",
        PinChange = "pinChange",
        PasswordChange = "passwordChange",
        MobileBind = "mobileBind",
        /// Subscribe to a fund product.
        FundSubscribe = "fundSubscribe",
        /// Redeem fund shares.
        FundRedeem = "fundRedeem",
    }
}

/// How an action's factors are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// The login switches, as the user set them (password alone when all are off).
    LoginSwitches,
    /// The trade switches; when the user turned every one off, the e-mail code still guards
    /// money and card data.
    TradeSwitches,
    /// Changes to the account's security: always the e-mail code, plus an authenticator code
    /// when one is bound.
    AccountChange,
    /// Like `AccountChange`, plus the current PIN.
    AccountChangeWithPin,
}

/// Each action's rule.
pub const POLICY: &[(SecureAction, Rule)] = &[
    (SecureAction::Login, Rule::LoginSwitches),
    (SecureAction::Recharge, Rule::TradeSwitches),
    (SecureAction::RevealCard, Rule::TradeSwitches),
    (SecureAction::CardUnfreeze, Rule::TradeSwitches),
    (SecureAction::CardCancel, Rule::TradeSwitches),
    (SecureAction::BankAccountAdd, Rule::TradeSwitches),
    (SecureAction::BankAccountDelete, Rule::TradeSwitches),
    (SecureAction::Withdraw, Rule::TradeSwitches),
    (SecureAction::SwitchChange, Rule::AccountChange),
    (SecureAction::AuthenticatorBind, Rule::AccountChange),
    (SecureAction::AuthenticatorRemove, Rule::AccountChange),
    (SecureAction::PinSet, Rule::AccountChange),
    (SecureAction::PinChange, Rule::AccountChangeWithPin),
    (SecureAction::PasswordChange, Rule::AccountChange),
    (SecureAction::MobileBind, Rule::AccountChange),
    (SecureAction::FundSubscribe, Rule::TradeSwitches),
    (SecureAction::FundRedeem, Rule::TradeSwitches),
];

pub fn rule_of(action: SecureAction) -> Rule {
    POLICY
        .iter()
        .find(|(a, _)| *a == action)
        .map_or(Rule::AccountChange, |(_, r)| *r)
}

/// The factors `action` needs for a user with `config`.
pub fn required_factors(action: SecureAction, config: &SecurityConfig) -> Factors {
    let bound = config.has_authenticator();
    match rule_of(action) {
        Rule::LoginSwitches => Factors {
            email: config.login.email,
            mfa: config.login.mfa && bound,
            security: false,
        },
        Rule::TradeSwitches => {
            let f = Factors {
                email: config.trade.email,
                mfa: config.trade.mfa && bound,
                security: config.trade.security && config.security,
            };
            if f.none() {
                Factors { email: true, ..f }
            } else {
                f
            }
        }
        Rule::AccountChange => Factors {
            email: true,
            mfa: bound,
            security: false,
        },
        Rule::AccountChangeWithPin => Factors {
            email: true,
            mfa: bound,
            security: config.security,
        },
    }
}

text_enum! {
    /// Where a switch sits.
    pub enum SwitchModule {
        Login = "login",
        Trade = "trade",
    }
}

text_enum! {
    /// Which factor a switch turns on or off.
    pub enum SwitchTarget {
        Email = "email",
        Mfa = "mfa",
        Security = "security",
    }
}

/// Whether turning `target` of `module` on (`on`) or off is allowed: the PIN has no login
/// switch, and a switch can only turn on a factor the user has set up.
pub fn check_switch(
    config: &SecurityConfig,
    module: SwitchModule,
    target: SwitchTarget,
    on: bool,
) -> Result<(), ErrorCode> {
    if module == SwitchModule::Login && target == SwitchTarget::Security {
        return Err(ErrorCode::SwitchTargetInvalid);
    }
    if on && target == SwitchTarget::Mfa && !config.has_authenticator() {
        return Err(ErrorCode::SwitchNeedsAuthenticator);
    }
    if on && target == SwitchTarget::Security && !config.security {
        return Err(ErrorCode::SwitchNeedsPin);
    }
    Ok(())
}

/// `config` with the switch applied (after [`check_switch`] allowed it).
pub fn apply_switch(
    config: &SecurityConfig,
    module: SwitchModule,
    target: SwitchTarget,
    on: bool,
) -> SecurityConfig {
    let mut next = config.clone();
    match (module, target) {
        (SwitchModule::Login, SwitchTarget::Email) => next.login.email = on,
        (SwitchModule::Login, SwitchTarget::Mfa) => next.login.mfa = on,
        (SwitchModule::Login, SwitchTarget::Security) => {}
        (SwitchModule::Trade, SwitchTarget::Email) => next.trade.email = on,
        (SwitchModule::Trade, SwitchTarget::Mfa) => next.trade.mfa = on,
        (SwitchModule::Trade, SwitchTarget::Security) => next.trade.security = on,
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pin: bool, authenticators: usize) -> SecurityConfig {
        SecurityConfig {
            security: pin,
            mfa: (0..authenticators)
                .map(|i| AuthenticatorEntry {
                    id: i.to_string(),
                    remark: format!("phone {i}"),
                })
                .collect(),
            login: LoginSwitches {
                email: false,
                mfa: false,
            },
            trade: TradeSwitches {
                email: true,
                mfa: false,
                security: false,
            },
        }
    }

    #[test]
    fn login_follows_the_login_switches() {
        let mut c = config(false, 1);
        assert!(required_factors(SecureAction::Login, &c).none());
        c.login = LoginSwitches {
            email: true,
            mfa: true,
        };
        assert_eq!(
            required_factors(SecureAction::Login, &c),
            Factors {
                email: true,
                mfa: true,
                security: false
            }
        );
    }

    #[test]
    fn trade_always_needs_at_least_the_email_code() {
        let mut c = config(true, 1);
        c.trade = TradeSwitches {
            email: false,
            mfa: false,
            security: false,
        };
        assert_eq!(
            required_factors(SecureAction::RevealCard, &c),
            Factors {
                email: true,
                mfa: false,
                security: false
            }
        );
        c.trade = TradeSwitches {
            email: false,
            mfa: true,
            security: true,
        };
        assert_eq!(
            required_factors(SecureAction::Recharge, &c),
            Factors {
                email: false,
                mfa: true,
                security: true
            }
        );
    }

    #[test]
    fn a_switch_without_its_factor_set_up_asks_for_nothing_of_it() {
        let mut c = config(false, 0);
        c.trade = TradeSwitches {
            email: false,
            mfa: true,
            security: true,
        };
        assert_eq!(
            required_factors(SecureAction::Withdraw, &c),
            Factors {
                email: true,
                mfa: false,
                security: false
            }
        );
    }

    #[test]
    fn account_changes_need_email_and_a_bound_authenticator() {
        assert_eq!(
            required_factors(SecureAction::MobileBind, &config(false, 0)),
            Factors {
                email: true,
                mfa: false,
                security: false
            }
        );
        assert_eq!(
            required_factors(SecureAction::AuthenticatorBind, &config(false, 2)),
            Factors {
                email: true,
                mfa: true,
                security: false
            }
        );
        assert_eq!(
            required_factors(SecureAction::PinChange, &config(true, 0)),
            Factors {
                email: true,
                mfa: false,
                security: true
            }
        );
    }

    #[test]
    fn switches_turn_on_only_what_is_set_up() {
        let c = config(false, 0);
        assert_eq!(
            check_switch(&c, SwitchModule::Trade, SwitchTarget::Mfa, true),
            Err(ErrorCode::SwitchNeedsAuthenticator)
        );
        assert_eq!(
            check_switch(&c, SwitchModule::Trade, SwitchTarget::Security, true),
            Err(ErrorCode::SwitchNeedsPin)
        );
        assert_eq!(
            check_switch(&c, SwitchModule::Login, SwitchTarget::Security, false),
            Err(ErrorCode::SwitchTargetInvalid)
        );
        assert_eq!(
            check_switch(&c, SwitchModule::Trade, SwitchTarget::Mfa, false),
            Ok(())
        );
        let on = apply_switch(
            &config(true, 1),
            SwitchModule::Trade,
            SwitchTarget::Security,
            true,
        );
        assert!(on.trade.security);
    }

    #[test]
    fn every_action_has_a_rule() {
        assert_eq!(POLICY.len(), SecureAction::ALL.len());
        for action in SecureAction::ALL {
            assert!(POLICY.iter().any(|(a, _)| a == action), "{action:?}");
        }
    }
}
