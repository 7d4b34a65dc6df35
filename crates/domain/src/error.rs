//! Field errors and the one catalogue of their codes.
//!
//! Every rejection a user can see is a [`FieldError`]: the field it belongs to (empty for the
//! whole form), a stable `snake_case` [`ErrorCode`], and the parameters its message needs. The
//! texts live in `locales/{en-US,zh-HK}.json` under `error.<code>`; a test fails when a code
//! lacks a text in either language.

use serde::Serialize;
use serde::ser::SerializeMap;

macro_rules! error_codes {
    ($($variant:ident => $code:literal,)*) => {
        /// A stable key of the message catalogue (`error.<code>`), serialised as its code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "ts", derive(tsify::Tsify))]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[cfg_attr(any(feature = "ts", feature = "openapi"), serde(rename_all = "snake_case"))]
        pub enum ErrorCode { $($variant,)* }

        impl ErrorCode {
            /// Every code, for catalogue completeness checks.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The `snake_case` code, as serialised.
            pub const fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)* }
            }
        }
    };
}

error_codes! {
    // Shape of the input
    MalformedInput => "malformed_input",
    InvalidType => "invalid_type",
    // Generic "please choose/enter" messages
    RequiredInput => "required_input",
    RequiredChoice => "required_choice",
    RequiredFile => "required_file",
    TextTooLong => "text_too_long",
    OptionInvalid => "option_invalid",
    CountryInvalid => "country_invalid",
    // E-mail and passwords
    EmailRequired => "email_required",
    EmailInvalid => "email_invalid",
    PasswordRequired => "password_required",
    OldPasswordRequired => "old_password_required",
    NewPasswordRequired => "new_password_required",
    PasswordTooShort => "password_too_short",
    PasswordTooLong => "password_too_long",
    PasswordTooWeak => "password_too_weak",
    PasswordSameAsOld => "password_same_as_old",
    ConfirmRequired => "confirm_required",
    PasswordMismatch => "password_mismatch",
    // Security code (PIN) and one-time codes
    PinRequired => "pin_required",
    PinFormat => "pin_format",
    PinTooSimple => "pin_too_simple",
    MfaCodeRequired => "mfa_code_required",
    MfaCodeFormat => "mfa_code_format",
    EmailCodeRequired => "email_code_required",
    EmailCodeFormat => "email_code_format",
    DeviceNameRequired => "device_name_required",
    DeviceNameTooLong => "device_name_too_long",
    // Security switches
    SwitchTargetInvalid => "switch_target_invalid",
    SwitchNeedsAuthenticator => "switch_needs_authenticator",
    SwitchNeedsPin => "switch_needs_pin",
    // Mobile
    MobileInvalid => "mobile_invalid",
    MobileCodeMismatch => "mobile_code_mismatch",
    // Money
    RechargeAmountRequired => "recharge_amount_required",
    AmountInvalid => "amount_invalid",
    AmountTooManyDecimals => "amount_too_many_decimals",
    AmountNotPositive => "amount_not_positive",
    InsufficientBalance => "insufficient_balance",
    // Withdrawals
    WithdrawalAmountRequired => "withdrawal_amount_required",
    WithdrawalBelowMinimum => "withdrawal_below_minimum",
    WithdrawalAboveMaximum => "withdrawal_above_maximum",
    WithdrawalFirstPayoutCap => "withdrawal_first_payout_cap",
    WithdrawalDailyLimit => "withdrawal_daily_limit",
    WithdrawalMonthlyLimit => "withdrawal_monthly_limit",
    BankAccountCoolingOff => "bank_account_cooling_off",
    BankAccountNeedsNewDetails => "bank_account_needs_new_details",
    // Crypto withdrawals
    AddressRequired => "address_required",
    AddressInvalid => "address_invalid",
    AddressChecksum => "address_checksum",
    AddressWrongNetwork => "address_wrong_network",
    MemoRequired => "memo_required",
    MemoNotSupported => "memo_not_supported",
    AmountNotMultiple => "amount_not_multiple",
    CryptoWithdrawalBelowMinimum => "crypto_withdrawal_below_minimum",
    CryptoWithdrawalAboveMaximum => "crypto_withdrawal_above_maximum",
    CryptoWithdrawalBalanceBelowMinimum => "crypto_withdrawal_balance_below_minimum",
    CryptoWithdrawalDailyLimit => "crypto_withdrawal_daily_limit",
    WithdrawDisabled => "withdraw_disabled",
    ClientOrderIdInvalid => "client_order_id_invalid",
    // Exchange
    ExchangeSameAsset => "exchange_same_asset",
    ExchangePairClosed => "exchange_pair_closed",
    ExchangeAmountRequired => "exchange_amount_required",
    ExchangeOneAmount => "exchange_one_amount",
    ExchangeBelowMinimum => "exchange_below_minimum",
    ExchangeAboveMaximum => "exchange_above_maximum",
    ExchangeAmountTooLarge => "exchange_amount_too_large",
    ExchangeReceivesNothing => "exchange_receives_nothing",
    // Bank accounts
    RoutingNumberInvalid => "routing_number_invalid",
    SwiftInvalid => "swift_invalid",
    AccountNumberInvalid => "account_number_invalid",
    IbanInvalid => "iban_invalid",
    // Identity
    NameNeedsLatin => "name_needs_latin",
    NameInvalidCharacters => "name_invalid_characters",
    DateInvalid => "date_invalid",
    BirthdayInFuture => "birthday_in_future",
    Underage => "underage",
    PassportNumberInvalid => "passport_number_invalid",
    SsnInvalid => "ssn_invalid",
    FileValueInvalid => "file_value_invalid",
    DirectorNamesTooMany => "director_names_too_many",
    // Uploads
    FileTypeUnsupported => "file_type_unsupported",
    FileContentMismatch => "file_content_mismatch",
    FileNameTooLong => "file_name_too_long",
    FileTooLarge => "file_too_large",
    FileEmpty => "file_empty",
    FileTooMany => "file_too_many",
    FileNameInvalid => "file_name_invalid",
    FileActiveContent => "file_active_content",
    FileNotOwned => "file_not_owned",
    // Resubmitting a rejected verification
    RejectedUnchanged => "rejected_unchanged",
    RejectionFinal => "rejection_final",
    // Fund
    FundAmountRequired => "fund_amount_required",
    FundBelowMinimum => "fund_below_minimum",
    FundAboveMaximum => "fund_above_maximum",
    FundProductClosed => "fund_product_closed",
    FundSourceInvalid => "fund_source_invalid",
    FundInsufficientShares => "fund_insufficient_shares",
    FundRedeemWhole => "fund_redeem_whole",
    FundPositionMatured => "fund_position_matured",
    // Card BINs (the operator console)
    BinNumberInvalid => "bin_number_invalid",
    RateInvalid => "rate_invalid",
    BinLimitsOrder => "bin_limits_order",
    UtcOffsetInvalid => "utc_offset_invalid",
}

/// The code's text, looked up in one table: serde's derived impl spends some fifty bytes of
/// the browser's module on each code.
impl Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One rejection, shown next to `field` (or above the form when `field` is empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldError {
    /// The form field in the API's camelCase, or "" for the whole form.
    pub field: String,
    pub code: ErrorCode,
    /// Values for the message's `{placeholders}`.
    #[cfg_attr(feature = "ts", tsify(type = "Record<string, string>"))]
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::HashMap<String, String>))]
    pub params: Params,
}

/// A message's parameters, in the order they were added; serialised as a JSON object.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(Vec<(String, String)>);

impl Params {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for Params {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        Params(
            pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

impl std::ops::Index<&str> for Params {
    type Output = str;

    fn index(&self, name: &str) -> &str {
        self.get(name).unwrap_or_default()
    }
}

impl Serialize for Params {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl FieldError {
    pub fn new(field: &str, code: ErrorCode) -> Self {
        Self {
            field: field.to_owned(),
            code,
            params: Params::default(),
        }
    }

    #[must_use]
    pub fn with(mut self, name: &str, value: impl std::fmt::Display) -> Self {
        self.params.0.retain(|(k, _)| k != name);
        self.params.0.push((name.to_owned(), value.to_string()));
        self
    }
}

/// Collects at most one error per field while a form is checked.
#[derive(Debug, Default)]
pub struct Errors(Vec<FieldError>);

impl Errors {
    pub fn push(&mut self, error: FieldError) {
        if !self.0.iter().any(|e| e.field == error.field) {
            self.0.push(error);
        }
    }

    pub fn add(&mut self, field: &str, code: ErrorCode) {
        self.push(FieldError::new(field, code));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(build())` when nothing was rejected, else every error in field order of checking.
    pub fn finish<T>(self, build: impl FnOnce() -> T) -> Result<T, Vec<FieldError>> {
        if self.0.is_empty() {
            Ok(build())
        } else {
            Err(self.0)
        }
    }

    pub fn into_vec(self) -> Vec<FieldError> {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            let s = code.as_str();
            assert!(seen.insert(s), "duplicate code {s}");
            assert!(s.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{s}");
            assert_eq!(serde_json::to_value(code).unwrap(), s);
        }
    }

    #[test]
    fn only_the_first_error_of_a_field_is_kept() {
        let mut errors = Errors::default();
        errors.add("email", ErrorCode::EmailRequired);
        errors.add("email", ErrorCode::EmailInvalid);
        errors.add("password", ErrorCode::PasswordRequired);
        let list = errors.into_vec();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].code, ErrorCode::EmailRequired);
    }
}
