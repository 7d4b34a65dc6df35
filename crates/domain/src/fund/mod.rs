//! The fixed-income fund (DESIGN §12): products and their dates, the rate and a day's
//! interest, which days a position earns, and the previews of subscribing and redeeming. The
//! server's accrual job and the browser's previews run these same functions.

pub mod accrual;
pub mod orders;
pub mod preview;
pub mod product;
pub mod rate;

pub use accrual::{
    Accrual, AccrualRun, AccruedDay, CurrentShares, ShareMove, accrue, current_shares,
};
pub use orders::FundOrderType;
pub use preview::{
    PreviewError, RedeemPreview, SubscribePreview, fund_amount, redeem_preview, redeem_preview_for,
    subscribe_preview, subscribe_preview_for,
};
pub use product::{FixedPhase, FixedTerms, FundSource, ProductTerms, ProductType, TermsError};
pub use rate::{AnnualRate, DEFAULT_ANNUAL_RATE, DayInterest, day_interest};
