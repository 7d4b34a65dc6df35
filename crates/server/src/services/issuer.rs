//! The card issuer: who creates card numbers and knows their CVV. The platform talks to it
//! through [`CardIssuer`]; the built-in [`SandboxIssuer`] stands in for a real processor on
//! local installations and in tests.

use domain::card::{expiry_of, luhn_check_digit};
use domain::date::Date;

use super::vault::{DigestUse, Vault};

/// What the platform asks for when a user applies.
#[derive(Debug, Clone)]
pub struct IssueRequest<'a> {
    pub bin: &'a str,
    /// The issuing region (ISO 3166-1 alpha-2).
    pub location_code: &'a str,
    pub issued_on: Date,
}

/// A card the issuer created.
#[derive(Clone)]
pub struct IssuedCard {
    pub card_number: String,
    /// `MM/YY`.
    pub expiration_date: String,
    /// The first day the card is expired.
    pub expires_on: Date,
    pub bill_address: String,
}

impl std::fmt::Debug for IssuedCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IssuedCard")
            .field(
                "card_number",
                &domain::mask::mask_card_number(&self.card_number),
            )
            .field("expiration_date", &self.expiration_date)
            .finish_non_exhaustive()
    }
}

/// A card issuer.
pub trait CardIssuer: Send + Sync + std::fmt::Debug {
    /// Creates a card.
    ///
    /// # Errors
    /// When the issuer refuses or cannot be reached.
    fn issue(&self, request: &IssueRequest<'_>) -> anyhow::Result<IssuedCard>;

    /// The card's verification value (asked for on each reveal, never stored).
    fn verification_value(&self, card_number: &str, expiration_date: &str) -> String;
}

/// Card numbers are 16 digits.
const CARD_NUMBER_LENGTH: usize = 16;

/// Makes Luhn-valid numbers under the BIN from the operating system's random source, an
/// expiry at the end of the month three years out, and a CVV derived with a keyed MAC of the
/// number and expiry (so it is the same on every reveal and stored nowhere).
#[derive(Debug, Clone)]
pub struct SandboxIssuer {
    vault: Vault,
}

impl SandboxIssuer {
    pub fn new(vault: Vault) -> Self {
        SandboxIssuer { vault }
    }
}

/// The billing address the sandbox gives cards of each region.
fn sandbox_bill_address(location_code: &str) -> &'static str {
    match location_code {
        "HK" => "Level 19, Two International Finance Centre, 8 Finance Street, Central, Hong Kong",
        "GB" => "1 Canada Square, Canary Wharf, London E14 5AB, United Kingdom",
        _ => "1209 Orange Street, Wilmington, DE 19801, United States",
    }
}

impl CardIssuer for SandboxIssuer {
    fn issue(&self, request: &IssueRequest<'_>) -> anyhow::Result<IssuedCard> {
        if request.bin.len() >= CARD_NUMBER_LENGTH {
            anyhow::bail!("a BIN leaves no room for the account number");
        }
        let mut number = request.bin.to_owned();
        while number.len() < CARD_NUMBER_LENGTH - 1 {
            number.push(char::from(b'0' + rand::random_range(0..10_u8)));
        }
        let check = luhn_check_digit(&number)
            .ok_or_else(|| anyhow::anyhow!("no Luhn check digit for the number"))?;
        number.push(char::from(b'0' + check));
        let (expiration_date, expires_on) = expiry_of(request.issued_on);
        Ok(IssuedCard {
            card_number: number,
            expiration_date,
            expires_on,
            bill_address: sandbox_bill_address(request.location_code).to_owned(),
        })
    }

    fn verification_value(&self, card_number: &str, expiration_date: &str) -> String {
        let mac = self.vault.digest(
            DigestUse::CardVerificationValue,
            format!("{card_number}|{expiration_date}").as_bytes(),
        );
        let value = u32::from_be_bytes([mac[0], mac[1], mac[2], mac[3]]) % 1000;
        format!("{value:03}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sandbox_numbers_are_luhn_valid_under_the_bin_and_expire_in_three_years() {
        let issuer = SandboxIssuer::new(Vault::new(&[7; 32]).unwrap());
        let request = IssueRequest {
            bin: "485932",
            location_code: "US",
            issued_on: Date::parse("2026-11-21").unwrap(),
        };
        let a = issuer.issue(&request).unwrap();
        let b = issuer.issue(&request).unwrap();
        for card in [&a, &b] {
            assert_eq!(card.card_number.len(), 16);
            assert!(card.card_number.starts_with("485932"));
            assert!(domain::card::luhn_valid(&card.card_number));
            assert_eq!(card.expiration_date, "11/29");
        }
        assert_ne!(a.card_number, b.card_number);
        let cvv = issuer.verification_value(&a.card_number, &a.expiration_date);
        assert_eq!(cvv.len(), 3);
        assert_eq!(
            cvv,
            issuer.verification_value(&a.card_number, &a.expiration_date)
        );
        assert!(!format!("{a:?}").contains(&a.card_number));
    }
}
