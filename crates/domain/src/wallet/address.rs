//! Crypto addresses: whether a typed destination is an address of the chosen network, in its
//! canonical spelling, and the addresses of a key (the server derives deposit addresses with
//! these). Bitcoin: base58check `1…` (P2PKH) and `3…` (P2SH), segwit v0 bech32 `bc1q…`
//! (BIP-173) and v1+ bech32m `bc1p…` (BIP-350), mainnet only. Ethereum: `0x` and 40 hex
//! digits, checksummed by letter case (EIP-55). TRON: base58check with version byte 0x41.

use bech32::primitives::decode::{ChecksumError, SegwitHrpstring, SegwitHrpstringError};
use bech32::segwit;
use serde::Serialize;
use sha3::{Digest, Keccak256};

use super::coins::Network;
use crate::error::ErrorCode;

/// Why a text is not an address of the network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressError {
    /// Nothing typed.
    Empty,
    /// Not an address of the network (wrong length, characters or kind).
    Invalid,
    /// The network's shape, but the checksum does not match: a typing error.
    Checksum,
    /// A valid address of another network.
    WrongNetwork(Network),
}

impl AddressError {
    /// The catalogue code of the rejection.
    pub const fn code(self) -> ErrorCode {
        match self {
            AddressError::Empty => ErrorCode::AddressRequired,
            AddressError::Invalid => ErrorCode::AddressInvalid,
            AddressError::Checksum => ErrorCode::AddressChecksum,
            AddressError::WrongNetwork(_) => ErrorCode::AddressWrongNetwork,
        }
    }
}

/// Base58check version bytes.
const P2PKH_VERSION: u8 = 0x00;
const P2SH_VERSION: u8 = 0x05;
const TRON_VERSION: u8 = 0x41;

/// The canonical form of `text` (trimmed) as an address of `network` (bech32 in lower case,
/// EIP-55 mixed case, base58 as it is), or why it is not one. An address that is valid on
/// another of the networks answers `WrongNetwork(that network)`.
pub fn check_address(network: Network, text: &str) -> Result<String, AddressError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AddressError::Empty);
    }
    match on_network(network, text) {
        Ok(address) => Ok(address),
        Err(error) => match identify_network(text) {
            Some(other) if other != network => Err(AddressError::WrongNetwork(other)),
            _ => Err(error),
        },
    }
}

/// The network `text` is a valid address of, if any.
pub fn identify_network(text: &str) -> Option<Network> {
    let text = text.trim();
    Network::ALL
        .into_iter()
        .find(|n| on_network(*n, text).is_ok())
}

fn on_network(network: Network, text: &str) -> Result<String, AddressError> {
    match network {
        Network::Btc => bitcoin(text),
        Network::Eth => ethereum(text),
        Network::Trx => tron(text),
    }
}

fn bitcoin(text: &str) -> Result<String, AddressError> {
    if has_bc1_prefix(text) {
        return segwit_address(text);
    }
    match text.as_bytes().first() {
        Some(b'1') => base58check(text, P2PKH_VERSION).map(|()| text.to_owned()),
        Some(b'3') => base58check(text, P2SH_VERSION).map(|()| text.to_owned()),
        _ => Err(AddressError::Invalid),
    }
}

/// `bc1` in either case (bech32 strings are all lower or all upper case).
fn has_bc1_prefix(text: &str) -> bool {
    text.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("bc1"))
}

/// A mainnet segwit address: bech32 for version 0, bech32m for 1 to 16, a program of a
/// length its version allows; in lower case (a valid one is all in one case, and the case
/// carries nothing).
fn segwit_address(text: &str) -> Result<String, AddressError> {
    let address = SegwitHrpstring::new(text).map_err(|e| match e {
        SegwitHrpstringError::Checksum(ChecksumError::InvalidResidue) => AddressError::Checksum,
        _ => AddressError::Invalid,
    })?;
    if address.hrp() != bech32::hrp::BC {
        return Err(AddressError::Invalid);
    }
    Ok(text.to_ascii_lowercase())
}

/// 25 base58 bytes: `version`, 20 bytes of hash, and a matching 4-byte checksum. Only a
/// string of the right length and alphabet can have a wrong checksum; anything else is not an
/// address at all.
fn base58check(text: &str, version: u8) -> Result<(), AddressError> {
    const LENGTH: usize = 1 + 20 + 4;
    let raw = bs58::decode(text)
        .into_vec()
        .map_err(|_| AddressError::Invalid)?;
    if raw.len() != LENGTH {
        return Err(AddressError::Invalid);
    }
    let payload = bs58::decode(text)
        .with_check(None)
        .into_vec()
        .map_err(|_| AddressError::Checksum)?;
    if payload[0] == version {
        Ok(())
    } else {
        Err(AddressError::Invalid)
    }
}

fn ethereum(text: &str) -> Result<String, AddressError> {
    let hex = text.strip_prefix("0x").ok_or(AddressError::Invalid)?;
    let account = parse_hex20(hex).ok_or(AddressError::Invalid)?;
    let canonical = eip55_address(&account);
    let has_lower = hex.bytes().any(|b| b.is_ascii_lowercase());
    let has_upper = hex.bytes().any(|b| b.is_ascii_uppercase());
    if has_lower && has_upper && canonical[2..] != *hex {
        return Err(AddressError::Checksum);
    }
    Ok(canonical)
}

fn parse_hex20(hex: &str) -> Option<[u8; 20]> {
    if hex.len() != 40 {
        return None;
    }
    let mut account = [0_u8; 20];
    for (byte, pair) in account.iter_mut().zip(hex.as_bytes().chunks_exact(2)) {
        let digit = |c: u8| char::from(c).to_digit(16);
        *byte = u8::try_from(digit(pair[0])? * 16 + digit(pair[1])?).ok()?;
    }
    Some(account)
}

fn tron(text: &str) -> Result<String, AddressError> {
    if !text.starts_with('T') {
        return Err(AddressError::Invalid);
    }
    base58check(text, TRON_VERSION).map(|()| text.to_owned())
}

/// The native segwit (P2WPKH) address of a public key's HASH160: `bc1q…`.
pub fn p2wpkh_address(pubkey_hash160: &[u8; 20]) -> String {
    // A 20-byte version 0 program is always encodable.
    segwit::encode_v0(bech32::hrp::BC, pubkey_hash160).unwrap_or_default()
}

/// An Ethereum account as its EIP-55 checksummed address: `0x…`.
pub fn eip55_address(account: &[u8; 20]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let lower: Vec<u8> = account
        .iter()
        .flat_map(|b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]])
        .collect();
    let hash = Keccak256::digest(&lower);
    let mut address = String::with_capacity(42);
    address.push_str("0x");
    for (i, c) in lower.iter().enumerate() {
        let nibble = if i % 2 == 0 {
            hash[i / 2] >> 4
        } else {
            hash[i / 2] & 0xf
        };
        address.push(char::from(if nibble >= 8 {
            c.to_ascii_uppercase()
        } else {
            *c
        }));
    }
    address
}

/// An account (the same 20 bytes Ethereum uses) as its TRON address: `T…`.
pub fn tron_address(account: &[u8; 20]) -> String {
    let mut payload = [0_u8; 21];
    payload[0] = TRON_VERSION;
    payload[1..].copy_from_slice(account);
    bs58::encode(payload).with_check().into_string()
}

/// The account of a secp256k1 public key given as its uncompressed X and Y coordinates (64
/// bytes, without the 0x04 tag): the last 20 bytes of their keccak-256. Ethereum and TRON
/// both use it.
pub fn ethereum_account(uncompressed_pubkey_xy: &[u8; 64]) -> [u8; 20] {
    let hash = Keccak256::digest(uncompressed_pubkey_xy);
    let mut account = [0_u8; 20];
    account.copy_from_slice(&hash[12..]);
    account
}

/// How many characters at each end a look-alike shares.
const LOOK_ALIKE_ENDS: usize = 4;

/// Whether `candidate` looks like the previously used `previous` without being it: the same
/// first 4 characters after the network's prefix (`0x`, `bc1`, `T`, `1`, `3`), the same last 4,
/// a different middle — the shape of an address-poisoning attack. Hex and bech32 addresses are
/// compared without regard to letter case (their case is not part of the address).
pub fn looks_like(previous: &str, candidate: &str) -> bool {
    let (previous, candidate) = (normalise(previous), normalise(candidate));
    let (Some((p_prefix, p_body)), Some((c_prefix, c_body))) =
        (split_prefix(&previous), split_prefix(&candidate))
    else {
        return false;
    };
    p_prefix == c_prefix
        && previous != candidate
        && ends(p_body).is_some()
        && ends(p_body) == ends(c_body)
}

/// The first and last characters of an address's body, when it has a middle too.
fn ends(body: &str) -> Option<(&[u8], &[u8])> {
    let bytes = body.as_bytes();
    (bytes.len() > 2 * LOOK_ALIKE_ENDS).then(|| {
        (
            &bytes[..LOOK_ALIKE_ENDS],
            &bytes[bytes.len() - LOOK_ALIKE_ENDS..],
        )
    })
}

/// Trimmed; lower case when the address's case carries no meaning (hex, bech32).
fn normalise(address: &str) -> String {
    let address = address.trim();
    let caseless =
        address.starts_with("0x") || address.starts_with("0X") || has_bc1_prefix(address);
    if caseless {
        address.to_ascii_lowercase()
    } else {
        address.to_owned()
    }
}

fn split_prefix(address: &str) -> Option<(&str, &str)> {
    ["0x", "bc1", "T", "1", "3"]
        .into_iter()
        .find_map(|p| address.strip_prefix(p).map(|body| (p, body)))
}

/// What checking an address answers the browser: the canonical address, or the error code and,
/// for an address of another network, that network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AddressCheck {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub code: Option<ErrorCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub network: Option<Network>,
}

impl AddressCheck {
    pub fn of(network: Network, text: &str) -> Self {
        match check_address(network, text) {
            Ok(address) => AddressCheck {
                ok: true,
                address: Some(address),
                code: None,
                network: None,
            },
            Err(error) => AddressCheck {
                ok: false,
                address: None,
                code: Some(error.code()),
                network: match error {
                    AddressError::WrongNetwork(other) => Some(other),
                    _ => None,
                },
            },
        }
    }
}

#[cfg(test)]
#[path = "address_tests.rs"]
mod tests;
