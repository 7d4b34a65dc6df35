//! The exchange (DESIGN §11): the assets it swaps, their prices, and the one pricing function
//! the server executes a swap with and the browser previews it with.

pub mod assets;
pub mod prices;
pub mod pricing;
pub mod rates;
mod ratio;
pub mod terms;

pub use assets::{Asset, asset_amount_text};
pub use prices::{
    MAX_PRICE, PRICE_SCALE, USD_PRICE, format_price, parse_price, price_text, usd_value,
};
pub use pricing::{Priced, preview, price};
pub use rates::{RateKind, effective_rate, priced_rate, rate_text, reference_rate};
pub use terms::{BPS_UNIT, ExchangeTerms, PricingError, Side};
