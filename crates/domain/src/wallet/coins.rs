//! The coins the wallet holds and the networks they travel on (DESIGN §10). A chain is a coin on
//! one of its networks: BTC on Bitcoin, ETH on Ethereum, USDT on Ethereum (ERC-20) and on TRON
//! (TRC-20). USD stays [`money::USD`](crate::money::USD) and is not a coin.

use serde::{Deserialize, Serialize};

use crate::money::Asset;

/// A coin, by its code (`coinCode` on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
pub enum Coin {
    Btc,
    Eth,
    Usdt,
}

impl Coin {
    pub const ALL: [Coin; 3] = [Coin::Btc, Coin::Eth, Coin::Usdt];

    /// The code the API carries: `BTC`, `ETH`, `USDT`.
    pub const fn code(self) -> &'static str {
        match self {
            Coin::Btc => "BTC",
            Coin::Eth => "ETH",
            Coin::Usdt => "USDT",
        }
    }

    /// Decimals of the minor unit the wallet counts in (satoshi for BTC; ETH is counted in
    /// 10^-8, not wei; USDT in its token's 10^-6).
    pub const fn scale(self) -> u8 {
        match self {
            Coin::Btc | Coin::Eth => 8,
            Coin::Usdt => 6,
        }
    }

    pub const fn asset(self) -> Asset {
        Asset {
            code: self.code(),
            scale: self.scale(),
        }
    }

    /// The coin of an exact code (`BTC`), or `None`.
    pub fn from_code(code: &str) -> Option<Coin> {
        Coin::ALL.into_iter().find(|c| c.code() == code)
    }

    /// The networks the coin can be deposited and withdrawn on.
    pub const fn networks(self) -> &'static [Network] {
        match self {
            Coin::Btc => &[Network::Btc],
            Coin::Eth => &[Network::Eth],
            Coin::Usdt => &[Network::Eth, Network::Trx],
        }
    }

    /// Whether the coin travels on `network`.
    pub fn on(self, network: Network) -> bool {
        self.networks().contains(&network)
    }
}

/// A blockchain, by its code (`network` on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
pub enum Network {
    /// Bitcoin.
    Btc,
    /// Ethereum (tokens: ERC-20).
    Eth,
    /// TRON (tokens: TRC-20).
    Trx,
}

impl Network {
    pub const ALL: [Network; 3] = [Network::Btc, Network::Eth, Network::Trx];

    /// The code the API carries: `BTC`, `ETH`, `TRX`.
    pub const fn code(self) -> &'static str {
        match self {
            Network::Btc => "BTC",
            Network::Eth => "ETH",
            Network::Trx => "TRX",
        }
    }

    /// The network of an exact code (`TRX`), or `None`.
    pub fn from_code(code: &str) -> Option<Network> {
        Network::ALL.into_iter().find(|n| n.code() == code)
    }

    /// The network's proper name, the same in every language (messages name the network an
    /// address belongs to with it).
    pub const fn name(self) -> &'static str {
        match self {
            Network::Btc => "Bitcoin",
            Network::Eth => "Ethereum",
            Network::Trx => "TRON",
        }
    }

    /// The standard of the tokens it carries (`ERC-20`, `TRC-20`); `None` for Bitcoin.
    pub const fn token_standard(self) -> Option<&'static str> {
        match self {
            Network::Btc => None,
            Network::Eth => Some("ERC-20"),
            Network::Trx => Some("TRC-20"),
        }
    }

    pub const fn address_format(self) -> AddressFormat {
        match self {
            Network::Btc => AddressFormat::Bitcoin,
            Network::Eth => AddressFormat::Eip55,
            Network::Trx => AddressFormat::TronBase58,
        }
    }

    /// Whether a destination on this network can carry a memo (tag). None of today's can: the
    /// wallet gives every user an address of their own.
    pub const fn memo_supported(self) -> bool {
        match self {
            Network::Btc | Network::Eth | Network::Trx => false,
        }
    }
}

/// How addresses of a network are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AddressFormat {
    /// Base58check `1…` / `3…`, bech32 `bc1q…`, bech32m `bc1p…`.
    Bitcoin,
    /// `0x` and 40 hex digits, checksummed by letter case.
    Eip55,
    /// Base58check with version byte 0x41 (`T…`).
    TronBase58,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_text_and_json() {
        for coin in Coin::ALL {
            assert_eq!(Coin::from_code(coin.code()), Some(coin));
            assert_eq!(serde_json::to_value(coin).unwrap(), coin.code());
            assert_eq!(coin.asset().scale, coin.scale());
            assert!(!coin.networks().is_empty());
        }
        for network in Network::ALL {
            assert_eq!(Network::from_code(network.code()), Some(network));
            assert_eq!(serde_json::to_value(network).unwrap(), network.code());
        }
        assert_eq!(Coin::from_code("btc"), None);
        assert_eq!(Network::from_code("TRON"), None);
        assert_eq!(
            serde_json::to_value(AddressFormat::TronBase58).unwrap(),
            "tron_base58"
        );
    }

    #[test]
    fn chains_are_the_four_of_the_contract() {
        let chains: Vec<(Coin, Network)> = Coin::ALL
            .into_iter()
            .flat_map(|c| c.networks().iter().map(move |n| (c, *n)))
            .collect();
        assert_eq!(
            chains,
            [
                (Coin::Btc, Network::Btc),
                (Coin::Eth, Network::Eth),
                (Coin::Usdt, Network::Eth),
                (Coin::Usdt, Network::Trx)
            ]
        );
        assert!(Coin::Usdt.on(Network::Trx));
        assert!(!Coin::Btc.on(Network::Eth));
        assert_eq!(
            (Coin::Btc.scale(), Coin::Eth.scale(), Coin::Usdt.scale()),
            (8, 8, 6)
        );
    }
}
