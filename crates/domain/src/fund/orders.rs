//! The fund's records (SPEC §3 FundRecord): what each one is.

use crate::macros::text_enum;

text_enum! {
    /// A fund record's `type`.
    pub enum FundOrderType {
        /// Money into a product: the current product from the wallet or the USD account, a
        /// fixed product from the fund account.
        Subscribe = "SUBSCRIBE",
        /// Shares out of a product: current shares to the wallet or the USD account, a fixed
        /// position back to the fund account (cancelled, or redeemed early forfeiting its
        /// interest).
        Redeem = "REDEEM",
        /// A day's interest: credited as current shares, or accrued on a fixed position.
        Interest = "INTEREST",
        /// A fixed position's principal and interest paid into the fund account.
        Maturity = "MATURITY",
    }
}
