//! The assets the exchange swaps: US dollars and the wallet's coins (DESIGN §11). A pair is
//! ordered, (from, to) with from ≠ to: every asset against every other.

use crate::macros::text_enum;
use crate::money::{USD, amount_text};
use crate::wallet::Coin;

text_enum! {
    /// An asset, by its code (`fromCoin` / `toCoin` on the wire).
    #[derive(PartialOrd, Ord)]
    pub enum Asset {
        Usd = "USD",
        Btc = "BTC",
        Eth = "ETH",
        Usdt = "USDT",
    }
}

impl Asset {
    /// The code the API carries: `USD`, `BTC`, `ETH`, `USDT`.
    pub const fn code(self) -> &'static str {
        self.as_str()
    }

    /// The asset of an exact code (`BTC`), or `None`.
    pub fn from_code(code: &str) -> Option<Asset> {
        Asset::parse(code)
    }

    /// Decimals of the minor unit amounts are counted in: USD's cents, a coin's own scale.
    pub const fn scale(self) -> u8 {
        match self.coin() {
            Some(coin) => coin.scale(),
            None => USD.scale,
        }
    }

    /// The wallet's coin, or `None` for USD.
    pub const fn coin(self) -> Option<Coin> {
        match self {
            Asset::Usd => None,
            Asset::Btc => Some(Coin::Btc),
            Asset::Eth => Some(Coin::Eth),
            Asset::Usdt => Some(Coin::Usdt),
        }
    }

    /// Every ordered pair (from, to) with from ≠ to: the 12 directions.
    pub fn pairs() -> impl Iterator<Item = (Asset, Asset)> {
        Asset::ALL
            .iter()
            .flat_map(|from| Asset::ALL.iter().map(move |to| (*from, *to)))
            .filter(|(from, to)| from != to)
    }
}

impl From<Coin> for Asset {
    fn from(coin: Coin) -> Asset {
        match coin {
            Coin::Btc => Asset::Btc,
            Coin::Eth => Asset::Eth,
            Coin::Usdt => Asset::Usdt,
        }
    }
}

/// An amount of `asset` as messages show it: exact, without trailing zeros, with the asset's
/// code (`1000` USD → `10 USD`, `100000` BTC → `0.001 BTC`).
pub fn asset_amount_text(minor: i64, asset: Asset) -> String {
    let text = amount_text(minor, asset.scale());
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    format!("{text} {}", asset.code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assets_travel_as_their_codes_with_their_scales() {
        for asset in Asset::ALL.iter().copied() {
            assert_eq!(Asset::from_code(asset.code()), Some(asset));
            assert_eq!(serde_json::to_value(asset).unwrap(), asset.code());
            if let Some(coin) = asset.coin() {
                assert_eq!(Asset::from(coin), asset);
                assert_eq!(coin.code(), asset.code());
            }
        }
        assert_eq!(
            Asset::ALL.iter().map(|a| a.scale()).collect::<Vec<_>>(),
            [2, 8, 8, 6]
        );
        assert_eq!(Asset::Usd.coin(), None);
        assert_eq!(Asset::from_code("usd"), None);
    }

    #[test]
    fn twelve_directions_none_to_itself() {
        let pairs: Vec<_> = Asset::pairs().collect();
        assert_eq!(pairs.len(), 12);
        assert!(pairs.iter().all(|(from, to)| from != to));
        assert_eq!(pairs[0], (Asset::Usd, Asset::Btc));
    }

    #[test]
    fn amounts_read_as_people_write_them() {
        assert_eq!(asset_amount_text(1_000, Asset::Usd), "10 USD");
        assert_eq!(asset_amount_text(1_050, Asset::Usd), "10.5 USD");
        assert_eq!(asset_amount_text(100_000, Asset::Btc), "0.001 BTC");
        assert_eq!(asset_amount_text(1, Asset::Usdt), "0.000001 USDT");
    }
}
