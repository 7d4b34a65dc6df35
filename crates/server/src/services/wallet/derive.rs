//! Deposit addresses (DESIGN §10): derived from one account-level extended public key per
//! network (BIP-32 public derivation), so the server holds no private key and the same index
//! always gives the same address. The address of index `i` is the key at `0/i` below the
//! account key (the receiving chain of BIP-44/BIP-84): Bitcoin as native segwit (P2WPKH, `bc1q…`),
//! Ethereum as EIP-55, TRON as base58check (`T…`).
//!
//! The keys come from `FISCARD_WALLET_XPUB_BTC`, `FISCARD_WALLET_XPUB_ETH` and
//! `FISCARD_WALLET_XPUB_TRX`. Each defaults to a published sandbox key: the accounts of the
//! BIP-39 test mnemonic "abandon abandon … about" (m/84'/0'/0', m/44'/60'/0', m/44'/195'/0'),
//! whose private keys everyone knows — a production deployment sets its own.

use std::fmt;
use std::str::FromStr;

use bip32::secp256k1::ecdsa::VerifyingKey;
use bip32::{ChildNumber, ExtendedKey, Prefix, XPub};
use domain::wallet::Network;
use domain::wallet::address::{eip55_address, ethereum_account, p2wpkh_address, tron_address};
use ripemd::Ripemd160;
use sha2::{Digest, Sha256};

/// The BIP-84 test vector's account key (m/84'/0'/0'), as BIP-84 publishes it.
pub const SANDBOX_XPUB_BTC: &str = "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
/// The test mnemonic's Ethereum account key (m/44'/60'/0').
pub const SANDBOX_XPUB_ETH: &str = "xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt";
/// The test mnemonic's TRON account key (m/44'/195'/0').
pub const SANDBOX_XPUB_TRX: &str = "xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd";

/// Depth of an account key: m / purpose' / coin type' / account'.
const ACCOUNT_DEPTH: u8 = 3;
/// The receiving chain below an account key (1 is the change chain, unused here).
const RECEIVING: ChildNumber = ChildNumber(0);

/// The receiving-chain keys of each network's account, parsed once.
#[derive(Clone)]
pub struct DepositKeys {
    btc: Chain,
    eth: Chain,
    trx: Chain,
}

#[derive(Clone)]
struct Chain {
    /// The account key at `0` (its receiving chain).
    receiving: XPub,
    /// The setting's text was the published sandbox key.
    sandbox: bool,
}

impl fmt::Debug for DepositKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |c: &Chain| {
            format!(
                "{:02x?}{}",
                c.receiving.attrs().parent_fingerprint,
                if c.sandbox { " (sandbox)" } else { "" }
            )
        };
        f.debug_struct("DepositKeys")
            .field("btc", &show(&self.btc))
            .field("eth", &show(&self.eth))
            .field("trx", &show(&self.trx))
            .finish()
    }
}

impl DepositKeys {
    /// The keys the settings name (`FISCARD_WALLET_XPUB_BTC|ETH|TRX`), each defaulting to its
    /// sandbox key.
    pub fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let chain = |network: Network, sandbox_key: &str| -> anyhow::Result<Chain> {
            let name = format!("FISCARD_WALLET_XPUB_{}", network.code());
            let text = get(&name).unwrap_or_else(|| sandbox_key.to_owned());
            let account = account_key(network, text.trim())
                .map_err(|why| anyhow::anyhow!("{name}: {why}"))?;
            Ok(Chain {
                receiving: account
                    .derive_child(RECEIVING)
                    .map_err(|e| anyhow::anyhow!("{name}: no receiving chain ({e})"))?,
                sandbox: text.trim() == sandbox_key,
            })
        };
        Ok(DepositKeys {
            btc: chain(Network::Btc, SANDBOX_XPUB_BTC)?,
            eth: chain(Network::Eth, SANDBOX_XPUB_ETH)?,
            trx: chain(Network::Trx, SANDBOX_XPUB_TRX)?,
        })
    }

    /// The sandbox keys (every setting unset).
    ///
    /// # Panics
    /// Never: the published keys parse (a unit test holds them to it).
    pub fn sandbox() -> Self {
        Self::from_lookup(&|_: &str| None).expect("the sandbox keys parse")
    }

    /// Whether `network` still uses the published sandbox key (whose private key is public:
    /// fine for a sandbox, never for real deposits).
    pub fn uses_sandbox_key(&self, network: Network) -> bool {
        self.chain(network).sandbox
    }

    fn chain(&self, network: Network) -> &Chain {
        match network {
            Network::Btc => &self.btc,
            Network::Eth => &self.eth,
            Network::Trx => &self.trx,
        }
    }
}

/// An account-level extended public key for `network`: `xpub…` (or, for Bitcoin, BIP-84's
/// `zpub…`, the same key), at depth 3 with a hardened account number. A private key is refused,
/// so that none is ever configured on the server.
fn account_key(network: Network, text: &str) -> Result<XPub, String> {
    let key = ExtendedKey::from_str(text)
        .map_err(|_| String::from("not an extended key (base58check xpub…)"))?;
    if key.prefix.is_private() {
        return Err(String::from(
            "a private key: give the account's extended public key",
        ));
    }
    let accepted =
        key.prefix == Prefix::XPUB || (network == Network::Btc && key.prefix == Prefix::ZPUB);
    if !accepted {
        return Err(format!(
            "a {} key: expected a mainnet xpub{}",
            key.prefix,
            if network == Network::Btc {
                " or zpub"
            } else {
                ""
            }
        ));
    }
    if key.attrs.depth != ACCOUNT_DEPTH || !key.attrs.child_number.is_hardened() {
        return Err(String::from(
            "not an account-level key (m/purpose'/coin'/account')",
        ));
    }
    XPub::try_from(key).map_err(|e| format!("not a valid public key ({e})"))
}

/// The deposit address of `index` on `network`.
///
/// # Panics
/// When `index` is 2^31 or more (a hardened index, which public derivation cannot reach), or
/// for the one index in about 2^127 whose key BIP-32 declares invalid.
pub fn deposit_address(keys: &DepositKeys, network: Network, index: u32) -> String {
    try_deposit_address(keys, network, index)
        .unwrap_or_else(|e| panic!("no deposit address at {network:?}/{index}: {e}"))
}

/// The deposit address of `index` on `network`, or why BIP-32 gives none.
pub fn try_deposit_address(
    keys: &DepositKeys,
    network: Network,
    index: u32,
) -> Result<String, bip32::Error> {
    let child = keys
        .chain(network)
        .receiving
        .derive_child(ChildNumber::new(index, false)?)?;
    Ok(match network {
        Network::Btc => p2wpkh_address(&hash160(&child.to_bytes())),
        Network::Eth => eip55_address(&account_of(child.public_key())),
        Network::Trx => tron_address(&account_of(child.public_key())),
    })
}

/// RIPEMD-160 of SHA-256: what a P2WPKH output commits to.
fn hash160(compressed_key: &[u8]) -> [u8; 20] {
    Ripemd160::digest(Sha256::digest(compressed_key)).into()
}

/// The Ethereum (and TRON) account of a key: from its uncompressed X and Y.
fn account_of(key: &VerifyingKey) -> [u8; 20] {
    let point = key.to_encoded_point(false);
    let mut xy = [0_u8; 64];
    xy.copy_from_slice(&point.as_bytes()[1..]);
    ethereum_account(&xy)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published addresses of the test mnemonic "abandon ×11 about" (no passphrase): BIP-84's
    /// test vectors for Bitcoin; for Ethereum (m/44'/60'/0'/0/i) and TRON (m/44'/195'/0'/0/i)
    /// the addresses wallets and BIP-39 tools give (index 0 is the one widely published).
    /// All were recomputed from the mnemonic with an independent BIP-32 implementation.
    const PUBLISHED: [(Network, u32, &str); 7] = [
        (
            Network::Btc,
            0,
            "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
        ),
        (
            Network::Btc,
            1,
            "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
        ),
        (
            Network::Eth,
            0,
            "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
        ),
        (
            Network::Eth,
            1,
            "0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0",
        ),
        (Network::Trx, 0, "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"),
        (Network::Trx, 1, "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK"),
        (Network::Trx, 2, "TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx"),
    ];

    fn keys(pairs: &[(&str, &str)]) -> anyhow::Result<DepositKeys> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        DepositKeys::from_lookup(&|name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn the_sandbox_keys_give_the_published_addresses() {
        let keys = DepositKeys::sandbox();
        for (network, index, address) in PUBLISHED {
            assert_eq!(
                deposit_address(&keys, network, index),
                address,
                "{network:?}/{index}"
            );
            // Each is valid, and canonical, by the domain's rules.
            assert_eq!(
                domain::wallet::check_address(network, address).as_deref(),
                Ok(address)
            );
        }
        for network in Network::ALL {
            assert!(keys.uses_sandbox_key(network));
        }
    }

    #[test]
    fn the_same_index_always_gives_the_same_address_and_indexes_differ() {
        let keys = DepositKeys::sandbox();
        for network in Network::ALL {
            let a = deposit_address(&keys, network, 7);
            assert_eq!(a, deposit_address(&keys, network, 7));
            assert_ne!(a, deposit_address(&keys, network, 8));
        }
        // The last index public derivation reaches; the next is hardened.
        assert!(try_deposit_address(&keys, Network::Eth, (1 << 31) - 1).is_ok());
        assert!(try_deposit_address(&keys, Network::Eth, 1 << 31).is_err());
    }

    #[test]
    fn the_bitcoin_key_may_be_given_as_the_xpub_of_the_same_account() {
        // The BIP-84 account's key under the xpub version bytes.
        let xpub = "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V";
        let keys = keys(&[("FISCARD_WALLET_XPUB_BTC", xpub)]).unwrap();
        assert_eq!(
            deposit_address(&keys, Network::Btc, 0),
            "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"
        );
        assert!(!keys.uses_sandbox_key(Network::Btc));
        assert!(keys.uses_sandbox_key(Network::Eth));
    }

    #[test]
    fn private_keys_other_networks_and_other_depths_are_refused() {
        // BIP-32 test vector 1: its master private and public keys (depth 0).
        let xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
        let master = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";
        // The sandbox Ethereum account under testnet version bytes; the BIP-84 account as a
        // ypub (BIP-49, P2SH-wrapped segwit); the Ethereum receiving chain (depth 4).
        let testnet = "tpubDDaRj4Gb7q8V1P8hETLKbMRQyWRAkL1Sph3mQdTFgJHQefHqXajb6sXWyvKfEQo46xJYKA29vMhEUsBgf7QpEYL17aJwAQ7NDb8koR13eMV";
        let ypub = "ypub6XR9pJPUsVBFKweLeV85HtwdxjjmKEuUr6djm9mNdkh47X7ASsD6byaXFotRAKByFoWgSzCuoTjaYdrv2yoJroLAPtBuHFjVm5vNmhyNehE";
        let depth4 = "xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr";
        let refused = [
            ("FISCARD_WALLET_XPUB_ETH", xprv, "private key"),
            ("FISCARD_WALLET_XPUB_ETH", master, "account-level"),
            ("FISCARD_WALLET_XPUB_ETH", depth4, "account-level"),
            ("FISCARD_WALLET_XPUB_ETH", SANDBOX_XPUB_BTC, "a zpub key"),
            ("FISCARD_WALLET_XPUB_TRX", testnet, "a tpub key"),
            ("FISCARD_WALLET_XPUB_BTC", ypub, "a ypub key"),
            (
                "FISCARD_WALLET_XPUB_BTC",
                "zpub-not-a-key",
                "not an extended key",
            ),
        ];
        for (name, key, why) in refused {
            let error = keys(&[(name, key)]).unwrap_err().to_string();
            assert!(error.starts_with(name) && error.contains(why), "{error}");
        }
        // The same keys are fine where they belong.
        assert!(keys(&[("FISCARD_WALLET_XPUB_BTC", SANDBOX_XPUB_BTC)]).is_ok());
    }

    #[test]
    fn debug_output_names_no_key() {
        let shown = format!("{:?}", DepositKeys::sandbox());
        assert!(shown.contains("sandbox"));
        assert!(!shown.contains("xpub"));
    }
}
