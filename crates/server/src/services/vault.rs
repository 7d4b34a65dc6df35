//! Data sealed at rest with AES-256-GCM (authenticator secrets, card numbers), and keyed
//! digests derived from the same key (a card number's lookup digest, its CVV).
//!
//! A sealed value is `v1.` + base64url(nonce ‖ ciphertext ‖ tag), with a fresh random 96-bit
//! nonce each time. The associated data names what the value is and whose (`purpose`,
//! `owner`), so a sealed secret copied into another row or another user's row does not open.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

const VERSION: &str = "v1.";
const NONCE_LEN: usize = 12;

/// What a sealed value holds; part of its associated data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    AuthenticatorSecret,
    CardNumber,
    /// An uploaded file's own key (its owner: the upload's id).
    UploadKey,
}

impl Purpose {
    const fn label(self) -> &'static str {
        match self {
            Self::AuthenticatorSecret => "authenticator-secret",
            Self::CardNumber => "card-number",
            Self::UploadKey => "upload-key",
        }
    }
}

/// Seals and opens values with the data-at-rest key (`FISCARD_CARD_DATA_KEY`).
#[derive(Clone)]
pub struct Vault {
    cipher: Aes256Gcm,
    /// The data-at-rest key, for the keyed digests (each under a sub-key of its own).
    mac_key: Vec<u8>,
}

/// What a keyed digest is for; each use has its own sub-key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DigestUse {
    /// Finds a card by its number and keeps numbers unique, without storing them.
    CardNumberLookup,
    /// A card's CVV, derived from its number and expiry, never stored.
    CardVerificationValue,
    /// What an idempotent request asked for (compared with its retries).
    IdempotentRequest,
}

impl DigestUse {
    const fn label(self) -> &'static str {
        match self {
            Self::CardNumberLookup => "card-number-lookup",
            Self::CardVerificationValue => "card-verification-value",
            Self::IdempotentRequest => "idempotent-request",
        }
    }
}

impl std::fmt::Debug for Vault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Vault(…)")
    }
}

impl Vault {
    /// # Errors
    /// When `key` is not 32 bytes.
    pub fn new(key: &[u8]) -> anyhow::Result<Vault> {
        let cipher = Aes256Gcm::new_from_slice(key)
            .map_err(|_| anyhow::anyhow!("the data-at-rest key must be 32 bytes"))?;
        Ok(Vault {
            cipher,
            mac_key: key.to_vec(),
        })
    }

    /// # Panics
    /// Never: HMAC takes keys of any length.
    ///
    /// HMAC-SHA256 of `data` under the sub-key of `usage` (itself HMAC-SHA256 of the
    /// key and the use's label), so no two uses share a key.
    pub fn digest(&self, usage: DigestUse, data: &[u8]) -> [u8; 32] {
        use hmac::{Hmac, Mac};
        type HmacSha256 = Hmac<sha2::Sha256>;
        let mut sub = <HmacSha256 as Mac>::new_from_slice(&self.mac_key)
            .expect("HMAC takes keys of any length");
        sub.update(b"fiscard/");
        sub.update(usage.label().as_bytes());
        let sub_key = sub.finalize().into_bytes();
        let mut mac =
            <HmacSha256 as Mac>::new_from_slice(&sub_key).expect("HMAC takes keys of any length");
        mac.update(data);
        mac.finalize().into_bytes().into()
    }

    /// # Panics
    /// Never in practice: AES-GCM refuses only messages over 64 GiB.
    pub fn seal(&self, purpose: Purpose, owner: &str, plain: &[u8]) -> String {
        let mut nonce = [0_u8; NONCE_LEN];
        rand::fill(&mut nonce);
        let aad = associated_data(purpose, owner);
        let sealed = self
            .cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: plain,
                    aad: &aad,
                },
            )
            .expect("AES-GCM encryption cannot fail for inputs of this size");
        let mut bytes = nonce.to_vec();
        bytes.extend_from_slice(&sealed);
        format!("{VERSION}{}", URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The plain value, or an error when the text was altered, sealed for another purpose or
    /// owner, or with another key.
    pub fn open(&self, purpose: Purpose, owner: &str, sealed: &str) -> anyhow::Result<Vec<u8>> {
        let bytes = sealed
            .strip_prefix(VERSION)
            .and_then(|b64| URL_SAFE_NO_PAD.decode(b64).ok())
            .filter(|b| b.len() > NONCE_LEN)
            .ok_or_else(|| anyhow::anyhow!("a sealed value is malformed"))?;
        let (nonce, ciphertext) = bytes.split_at(NONCE_LEN);
        let aad = associated_data(purpose, owner);
        self.cipher
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: ciphertext,
                    aad: &aad,
                },
            )
            .map_err(|_| anyhow::anyhow!("a sealed value does not open with this key"))
    }
}

fn associated_data(purpose: Purpose, owner: &str) -> Vec<u8> {
    let mut aad = b"fiscard/".to_vec();
    aad.extend_from_slice(purpose.label().as_bytes());
    aad.push(0);
    aad.extend_from_slice(owner.as_bytes());
    aad
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vault(byte: u8) -> Vault {
        Vault::new(&[byte; 32]).unwrap()
    }

    #[test]
    fn opens_what_it_sealed() {
        let v = vault(7);
        let sealed = v.seal(Purpose::AuthenticatorSecret, "user-1", b"secret bytes");
        assert!(sealed.starts_with("v1."));
        assert!(!sealed.contains("secret"));
        let plain = v
            .open(Purpose::AuthenticatorSecret, "user-1", &sealed)
            .unwrap();
        assert_eq!(plain, b"secret bytes");
    }

    #[test]
    fn each_seal_uses_a_fresh_nonce() {
        let v = vault(7);
        let a = v.seal(Purpose::AuthenticatorSecret, "u", b"same");
        let b = v.seal(Purpose::AuthenticatorSecret, "u", b"same");
        assert_ne!(a, b);
    }

    #[test]
    fn refuses_another_owner_another_key_and_tampering() {
        let v = vault(7);
        let sealed = v.seal(Purpose::AuthenticatorSecret, "user-1", b"secret");
        assert!(
            v.open(Purpose::AuthenticatorSecret, "user-2", &sealed)
                .is_err()
        );
        assert!(
            vault(8)
                .open(Purpose::AuthenticatorSecret, "user-1", &sealed)
                .is_err()
        );
        let mut bytes = URL_SAFE_NO_PAD.decode(&sealed[3..]).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let tampered = format!("v1.{}", URL_SAFE_NO_PAD.encode(bytes));
        assert!(
            v.open(Purpose::AuthenticatorSecret, "user-1", &tampered)
                .is_err()
        );
        assert!(
            v.open(Purpose::AuthenticatorSecret, "user-1", "v1.AAAA")
                .is_err()
        );
        assert!(
            v.open(Purpose::AuthenticatorSecret, "user-1", "plain")
                .is_err()
        );
    }

    #[test]
    fn keys_of_the_wrong_size_are_refused() {
        assert!(Vault::new(&[0; 16]).is_err());
        let v = vault(3);
        let lookup = v.digest(DigestUse::CardNumberLookup, b"4111111111111111");
        assert_eq!(
            lookup,
            v.digest(DigestUse::CardNumberLookup, b"4111111111111111")
        );
        assert_ne!(
            lookup,
            v.digest(DigestUse::CardVerificationValue, b"4111111111111111")
        );
        assert_ne!(
            lookup,
            vault(4).digest(DigestUse::CardNumberLookup, b"4111111111111111")
        );
        assert!(Vault::new(&[0; 33]).is_err());
    }
}
