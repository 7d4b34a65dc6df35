//! The public API against the ALTCHA v1 format: vectors from the reference libraries,
//! every refusal, and a property test of the round trip.

use altcha::{
    ALGORITHM, Challenge, Verified, VerifyError, create_challenge, create_challenge_with_params,
    solve, verify_solution,
};
use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
use proptest::prelude::*;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const KEY: &[u8] = b"fiscard-test-hmac-key";
const EXPIRES: i64 = 1_700_000_000;
const BEFORE: i64 = EXPIRES - 600;

/// The known answer, computed three ways outside this crate, all equal:
/// Python's hashlib/hmac by hand, altcha-lib 2.8.0 (`altcha-lib/v1`, TypeScript: the code
/// the widget shares) and altcha (Python) 2.3.0, each with hmacKey "fiscard-test-hmac-key",
/// salt "000102030405060708090a0b", number 12345, maxnumber 100000 and expires 1700000000.
/// This is altcha-lib's `JSON.stringify(await createChallenge(…))`, verbatim.
const KNOWN_CHALLENGE_JSON: &str = r#"{"algorithm":"SHA-256","challenge":"e2725abaa4bbc5b330d67ba9aea7265c385fefcd1340a3cbc697da4726bdd4ae","maxnumber":100000,"salt":"000102030405060708090a0b?expires=1700000000&","signature":"d158f611d0c5410e9cc62af6d3fd3422ed2486e0e9fe078d75c12892d2f4cadc"}"#;

/// A payload built as the widget builds it (`btoa(JSON.stringify({…, took}))`) from a
/// challenge made and solved by altcha-lib 2.8.0 (`altcha-lib/v1`); its own `verifySolution`
/// accepts it. Expires 4102444800 (2100-01-01).
const TYPESCRIPT_PAYLOAD: &str = "eyJhbGdvcml0aG0iOiJTSEEtMjU2IiwiY2hhbGxlbmdlIjoiZTYxYWNjMWIzZDdkZGYzNmM5NDRiMGRiYjVlOWRkOTQ3NDU2MDBhYTkwNTUwYzA1MjJkMDgwNjNjMjk3MTBiNyIsIm51bWJlciI6NDI0Miwic2FsdCI6ImExYjJjM2Q0ZTVmNjA3MTgyOTNhNGI1Yz9leHBpcmVzPTQxMDI0NDQ4MDAmIiwic2lnbmF0dXJlIjoiMGIxYzgyNTBhMTEwM2U0NTczYTcxNGIxOTZlNGExZDg4NmE4YWVjMjczYmQ0Y2I2YzFkZDhhNjQ3YWZhMmY0MCIsInRvb2siOjE3fQ==";

/// `Payload(…).to_base64()` of altcha (Python) 2.3.0 (JSON with spaces after `:` and `,`);
/// its own `verify_solution` accepts it. Expires 4102444800.
const PYTHON_PAYLOAD: &str = "eyJhbGdvcml0aG0iOiAiU0hBLTI1NiIsICJjaGFsbGVuZ2UiOiAiZmNlNGUxYzU5NDFiZGIxMDJmYTI5ZjE4MGNiZWUxMGEzOTkzNmY5OWQwYzc4OThiMmUxOGUzNDFhYTVhZDRiMSIsICJudW1iZXIiOiA3NzcsICJzYWx0IjogIjBmMWUyZDNjNGI1YTY5Nzg4Nzk2YTViND9leHBpcmVzPTQxMDI0NDQ4MDAmIiwgInNpZ25hdHVyZSI6ICJmOGFjMjE1OGQ0OTgwN2JjZjhiYjJjMDFjODIwZGQ4OWExNzQ4MjZiYzk5ZTQ1NmE5MDk3NGUwZmEzMDlhODZhIn0=";

fn known_challenge() -> Challenge {
    let salt_random: Vec<u8> = (0..12).collect();
    create_challenge(KEY, &salt_random, 12_345, 100_000, EXPIRES)
}

/// A small challenge: quick to solve.
fn small_challenge() -> Challenge {
    create_challenge(KEY, b"0123456789ab", 57, 100, EXPIRES)
}

fn solved(challenge: &Challenge) -> String {
    solve(challenge).expect("the secret number is within maxnumber")
}

fn decode(payload: &str) -> Value {
    serde_json::from_slice(&STANDARD.decode(payload).expect("base64")).expect("JSON")
}

fn encode(json: &Value) -> String {
    STANDARD.encode(json.to_string())
}

/// The payload of `challenge` solved, with `change` applied to its JSON.
fn tampered(challenge: &Challenge, change: impl FnOnce(&mut Value)) -> String {
    let mut json = decode(&solved(challenge));
    change(&mut json);
    encode(&json)
}

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[test]
fn a_created_challenge_solves_and_verifies_before_it_expires() {
    let challenge = small_challenge();
    let payload = solved(&challenge);
    assert_eq!(
        verify_solution(KEY, &payload, BEFORE),
        Ok(Verified {
            challenge: challenge.challenge.clone(),
            expires_at: EXPIRES,
            max_number: None,
        })
    );
    assert_eq!(decode(&payload)["number"], 57);
}

#[test]
fn a_challenge_is_byte_for_byte_the_reference_libraries_challenge() {
    let challenge = known_challenge();
    assert_eq!(challenge.algorithm, ALGORITHM);
    assert_eq!(
        challenge.challenge,
        "e2725abaa4bbc5b330d67ba9aea7265c385fefcd1340a3cbc697da4726bdd4ae"
    );
    assert_eq!(challenge.maxnumber, 100_000);
    assert_eq!(
        challenge.salt,
        "000102030405060708090a0b?expires=1700000000&"
    );
    assert_eq!(
        challenge.signature,
        "d158f611d0c5410e9cc62af6d3fd3422ed2486e0e9fe078d75c12892d2f4cadc"
    );
    assert_eq!(
        serde_json::to_string(&challenge).unwrap(),
        KNOWN_CHALLENGE_JSON
    );
}

#[test]
fn a_solution_is_the_widgets_payload_without_took() {
    let payload = solved(&known_challenge());
    let json = String::from_utf8(STANDARD.decode(&payload).unwrap()).unwrap();
    assert_eq!(
        json,
        r#"{"algorithm":"SHA-256","challenge":"e2725abaa4bbc5b330d67ba9aea7265c385fefcd1340a3cbc697da4726bdd4ae","number":12345,"salt":"000102030405060708090a0b?expires=1700000000&","signature":"d158f611d0c5410e9cc62af6d3fd3422ed2486e0e9fe078d75c12892d2f4cadc"}"#
    );
    assert_eq!(
        payload,
        STANDARD.encode(&json),
        "standard base64 with padding"
    );
}

#[test]
fn a_payload_from_the_typescript_reference_verifies() {
    assert_eq!(
        verify_solution(KEY, TYPESCRIPT_PAYLOAD, BEFORE),
        Ok(Verified {
            challenge: "e61acc1b3d7ddf36c944b0dbb5e9dd94745600aa90550c0522d08063c29710b7".into(),
            expires_at: 4_102_444_800,
            max_number: None,
        })
    );
}

#[test]
fn a_payload_from_the_python_reference_verifies() {
    assert_eq!(
        verify_solution(KEY, PYTHON_PAYLOAD, BEFORE),
        Ok(Verified {
            challenge: "fce4e1c5941bdb102fa29f180cbee10a39936f99d0c7898b2e18e341aa5ad4b1".into(),
            expires_at: 4_102_444_800,
            max_number: None,
        })
    );
}

#[test]
fn a_challenge_from_the_reference_libraries_deserializes_and_solves() {
    let challenge: Challenge = serde_json::from_str(KNOWN_CHALLENGE_JSON).unwrap();
    assert_eq!(challenge, known_challenge());
    let camel_case = KNOWN_CHALLENGE_JSON.replace("maxnumber", "maxNumber");
    let challenge: Challenge = serde_json::from_str(&camel_case).unwrap();
    assert_eq!(challenge, known_challenge());
    assert_eq!(decode(&solved(&challenge))["number"], 12_345);
}

#[test]
fn a_solution_is_refused_as_expired_from_its_expiry_on() {
    let payload = solved(&small_challenge());
    assert!(verify_solution(KEY, &payload, EXPIRES - 1).is_ok());
    assert_eq!(
        verify_solution(KEY, &payload, EXPIRES),
        Err(VerifyError::Expired)
    );
    assert_eq!(
        verify_solution(KEY, &payload, EXPIRES + 1),
        Err(VerifyError::Expired)
    );
}

#[test]
fn another_number_is_refused_as_wrong() {
    let payload = tampered(&small_challenge(), |json| json["number"] = json!(58));
    assert_eq!(
        verify_solution(KEY, &payload, BEFORE),
        Err(VerifyError::WrongNumber)
    );
}

#[test]
fn an_extended_expiry_in_the_salt_is_refused_as_a_wrong_number() {
    let challenge = small_challenge();
    let payload = tampered(&challenge, |json| {
        json["salt"] = json!(challenge.salt.replace("1700000000", "1800000000"));
    });
    assert_eq!(
        verify_solution(KEY, &payload, EXPIRES + 1),
        Err(VerifyError::WrongNumber)
    );
}

#[test]
fn digits_moved_from_the_number_onto_the_salt_are_refused() {
    // Number 57: the hash covers "…expires=1700000000&57". Moving the 5 onto the salt, with
    // or without the delimiter, must not give a solution of another salt.
    let challenge = small_challenge();
    for salt in [
        format!("{}5", challenge.salt),
        format!("{}5", challenge.salt.trim_end_matches('&')),
    ] {
        let payload = tampered(&challenge, |json| {
            json["salt"] = json!(salt);
            json["number"] = json!(7);
        });
        assert_eq!(
            verify_solution(KEY, &payload, BEFORE),
            Err(VerifyError::WrongNumber),
            "salt {salt}"
        );
    }
}

#[test]
fn a_self_made_challenge_with_a_copied_signature_is_refused_as_badly_signed() {
    let challenge = small_challenge();
    let salt = "ffffffffffffffffffffffff?expires=4102444800&";
    let payload = tampered(&challenge, |json| {
        json["salt"] = json!(salt);
        json["number"] = json!(0);
        json["challenge"] = json!(sha256_hex(&format!("{salt}0")));
    });
    assert_eq!(
        verify_solution(KEY, &payload, BEFORE),
        Err(VerifyError::BadSignature)
    );
}

#[test]
fn a_solution_signed_with_another_key_is_refused_as_badly_signed() {
    let payload = solved(&small_challenge());
    assert_eq!(
        verify_solution(b"another key", &payload, BEFORE),
        Err(VerifyError::BadSignature)
    );
    assert_eq!(
        verify_solution(b"", &payload, BEFORE),
        Err(VerifyError::BadSignature)
    );
}

#[test]
fn hex_is_compared_as_the_lowercase_text_the_references_compare() {
    let challenge = small_challenge();
    let upper_signature = tampered(&challenge, |json| {
        json["signature"] = json!(challenge.signature.to_uppercase());
    });
    assert_eq!(
        verify_solution(KEY, &upper_signature, BEFORE),
        Err(VerifyError::BadSignature)
    );
    let short_signature = tampered(&challenge, |json| {
        json["signature"] = json!(challenge.signature[..62]);
    });
    assert_eq!(
        verify_solution(KEY, &short_signature, BEFORE),
        Err(VerifyError::BadSignature)
    );
    let upper_challenge = tampered(&challenge, |json| {
        json["challenge"] = json!(challenge.challenge.to_uppercase());
    });
    assert_eq!(
        verify_solution(KEY, &upper_challenge, BEFORE),
        Err(VerifyError::WrongNumber)
    );
}

#[test]
fn any_algorithm_but_sha_256_is_refused_as_unsupported() {
    for algorithm in ["SHA-1", "SHA-512", "sha-256", "SHA256", ""] {
        let payload = tampered(&small_challenge(), |json| {
            json["algorithm"] = json!(algorithm);
        });
        assert_eq!(
            verify_solution(KEY, &payload, BEFORE),
            Err(VerifyError::UnsupportedAlgorithm),
            "algorithm {algorithm:?}"
        );
    }
}

#[test]
fn text_that_is_not_base64_json_is_refused_as_malformed() {
    for payload in [
        String::new(),
        "not base64!".into(),
        "eyJ".into(),
        "-_-_".into(),
        STANDARD.encode("not JSON"),
        STANDARD.encode("[]"),
        STANDARD.encode("null"),
        STANDARD.encode([0xff, 0xfe, 0x00]),
    ] {
        assert_eq!(
            verify_solution(KEY, &payload, BEFORE),
            Err(VerifyError::Malformed),
            "payload {payload:?}"
        );
    }
}

#[test]
fn a_payload_missing_a_field_is_refused_as_malformed() {
    for field in ["algorithm", "challenge", "number", "salt", "signature"] {
        let payload = tampered(&small_challenge(), |json| {
            json.as_object_mut().unwrap().remove(field);
        });
        assert_eq!(
            verify_solution(KEY, &payload, BEFORE),
            Err(VerifyError::Malformed),
            "without {field}"
        );
    }
}

#[test]
fn a_number_that_is_not_a_natural_number_is_refused_as_malformed() {
    for number in [
        json!("57"),
        json!(-1),
        json!(57.5),
        json!(null),
        json!(1e30),
    ] {
        let payload = tampered(&small_challenge(), |json| json["number"] = number.clone());
        assert_eq!(
            verify_solution(KEY, &payload, BEFORE),
            Err(VerifyError::Malformed),
            "number {number}"
        );
    }
}

#[test]
fn a_salt_without_one_plain_expires_is_refused_as_malformed() {
    // Signed properly by us, so only the missing expiry can be the reason.
    for (salt_random, query) in [
        ("0123456789ab", ""),
        ("0123456789ab", "?"),
        ("0123456789ab", "?expire=1700000000&"),
        ("0123456789ab", "?expires=&"),
        ("0123456789ab", "?expires=soon&"),
        ("0123456789ab", "?expires=1700000000&expires=1700000000&"),
    ] {
        let salt = format!("{salt_random}{query}");
        let challenge = sha256_hex(&format!("{salt}5"));
        let payload = encode(&json!({
            "algorithm": "SHA-256",
            "challenge": challenge,
            "number": 5,
            "salt": salt,
            "signature": hmac_hex(KEY, &challenge),
        }));
        assert_eq!(
            verify_solution(KEY, &payload, BEFORE),
            Err(VerifyError::Malformed),
            "salt {salt:?}"
        );
    }
}

/// HMAC-SHA-256 by its definition (RFC 2104), independent of the crate's `hmac` use.
fn hmac_hex(key: &[u8], message: &str) -> String {
    assert!(key.len() <= 64);
    let mut block = [0u8; 64];
    block[..key.len()].copy_from_slice(key);
    let inner = Sha256::new()
        .chain_update(block.map(|b| b ^ 0x36))
        .chain_update(message.as_bytes())
        .finalize();
    hex::encode(
        Sha256::new()
            .chain_update(block.map(|b| b ^ 0x5c))
            .chain_update(inner)
            .finalize(),
    )
}

#[test]
fn the_test_hmac_matches_the_known_answer() {
    let challenge = known_challenge();
    assert_eq!(hmac_hex(KEY, &challenge.challenge), challenge.signature);
}

#[test]
fn payloads_verify_with_and_without_padding_and_with_extra_fields() {
    let challenge = small_challenge();
    let mut json = decode(&solved(&challenge));
    json["took"] = json!(1234);
    json["test"] = json!(true);
    // Pad the JSON text with spaces until its base64 needs `=` padding.
    let mut text = json.to_string();
    while text.len() % 3 == 0 {
        text.push(' ');
    }
    let padded = STANDARD.encode(&text);
    let unpadded = STANDARD_NO_PAD.encode(&text);
    assert!(padded.ends_with('='));
    assert!(!unpadded.ends_with('='));
    let verified = Ok(Verified {
        challenge: challenge.challenge,
        expires_at: EXPIRES,
        max_number: None,
    });
    assert_eq!(verify_solution(KEY, &padded, BEFORE), verified);
    assert_eq!(verify_solution(KEY, &unpadded, BEFORE), verified);
}

#[test]
fn a_salt_without_the_delimiter_is_hashed_with_it_as_the_references_do() {
    let challenge = small_challenge();
    let payload = tampered(&challenge, |json| {
        json["salt"] = json!(challenge.salt.trim_end_matches('&'));
    });
    assert_eq!(
        verify_solution(KEY, &payload, BEFORE),
        Ok(Verified {
            challenge: challenge.challenge,
            expires_at: EXPIRES,
            max_number: None,
        })
    );
}

#[test]
fn solve_gives_up_when_no_number_up_to_maxnumber_works() {
    assert_eq!(
        solve(&create_challenge(KEY, b"salt", 11, 10, EXPIRES)),
        None
    );
    assert!(solve(&create_challenge(KEY, b"salt", 10, 10, EXPIRES)).is_some());
    assert!(solve(&create_challenge(KEY, b"salt", 0, 0, EXPIRES)).is_some());
    let mut sha1 = small_challenge();
    sha1.algorithm = "SHA-1".into();
    assert_eq!(solve(&sha1), None);
    let mut not_hex = small_challenge();
    not_hex.challenge = "zz".into();
    assert_eq!(solve(&not_hex), None);
}

#[test]
fn refusals_explain_themselves_as_errors() {
    let errors = [
        VerifyError::Malformed,
        VerifyError::UnsupportedAlgorithm,
        VerifyError::Expired,
        VerifyError::WrongNumber,
        VerifyError::BadSignature,
    ];
    let messages: Vec<String> = errors
        .iter()
        .map(|e| (e as &dyn std::error::Error).to_string())
        .collect();
    assert_eq!(
        messages,
        [
            "malformed ALTCHA payload",
            "unsupported ALTCHA algorithm (only SHA-256 is accepted)",
            "ALTCHA challenge has expired",
            "ALTCHA number does not solve the challenge",
            "ALTCHA challenge signature does not match",
        ]
    );
}

proptest! {
    #[test]
    fn any_created_then_solved_challenge_verifies(
        key in proptest::collection::vec(any::<u8>(), 0..80),
        salt_random in proptest::collection::vec(any::<u8>(), 0..32),
        (max_number, secret_number) in (0u64..300).prop_flat_map(|max| (Just(max), 0..=max)),
        expires_at in any::<i64>().prop_filter("something is before it", |&e| e > i64::MIN),
        before in 1u64..=u64::MAX,
    ) {
        let challenge = create_challenge(&key, &salt_random, secret_number, max_number, expires_at);
        let payload = solve(&challenge).expect("the secret number is within maxnumber");
        prop_assert_eq!(decode(&payload)["number"].as_u64(), Some(secret_number));
        let now = expires_at.saturating_sub_unsigned(before);
        prop_assert_eq!(
            verify_solution(&key, &payload, now),
            Ok(Verified { challenge: challenge.challenge, expires_at, max_number: None })
        );
        prop_assert_eq!(verify_solution(&key, &payload, expires_at), Err(VerifyError::Expired));
    }

    #[test]
    fn arbitrary_text_is_refused_without_panicking(text in ".{0,200}") {
        prop_assert!(verify_solution(KEY, &text, 0).is_err());
        let payload = STANDARD.encode(text.as_bytes());
        prop_assert!(verify_solution(KEY, &payload, 0).is_err());
    }
}

#[test]
fn a_challenge_made_with_its_difficulty_says_how_hard_it_was() {
    let challenge =
        create_challenge_with_params(KEY, &[7; 12], 250, 300, EXPIRES, &[("maxnumber", "300")]);
    assert!(
        challenge
            .salt
            .ends_with("?expires=1700000000&maxnumber=300&"),
        "{}",
        challenge.salt
    );
    let payload = solve(&challenge).expect("solvable");
    assert_eq!(
        verify_solution(KEY, &payload, BEFORE).map(|v| v.max_number),
        Ok(Some(300))
    );
    // The difficulty is signed with the challenge: a client cannot claim a harder one.
    let claimed = tampered(&challenge, |json| {
        json["salt"] = json!(challenge.salt.replace("maxnumber=300", "maxnumber=9000"));
    });
    assert_eq!(
        verify_solution(KEY, &claimed, BEFORE),
        Err(VerifyError::WrongNumber)
    );
    for salt in [
        "ab?expires=4102444800&maxnumber=&",
        "ab?expires=4102444800&maxnumber=1&maxnumber=2&",
        "ab?expires=4102444800&maxnumber=x&",
    ] {
        let odd = tampered(&challenge, |json| json["salt"] = json!(salt));
        assert_eq!(
            verify_solution(KEY, &odd, BEFORE),
            Err(VerifyError::Malformed),
            "{salt}"
        );
    }
}
