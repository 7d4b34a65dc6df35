//! Codes, verification, base32 and the otpauth URI, against the RFCs' published values.

use proptest::prelude::*;
use totp::{
    DIGITS, STEP_SECONDS, Secret, code_at, otpauth_uri, qr_data_url, qr_svg, step_of, verify,
};

/// The RFCs' test key: the ASCII bytes of "12345678901234567890".
fn rfc_secret() -> Secret {
    Secret::from_bytes(*b"12345678901234567890")
}

const RFC_BASE32: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

/// A time in the middle of a step, so ±1 step stays clear of step edges.
const NOW: i64 = 1_700_000_015;

#[test]
fn rfc_6238_sha1_vectors_give_the_last_six_digits_of_the_listed_codes() {
    let vectors = [
        (59, "94287082"),
        (1_111_111_109, "07081804"),
        (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"),
        (20_000_000_000, "65353130"),
    ];
    for (time, eight_digits) in vectors {
        assert_eq!(
            code_at(&rfc_secret(), step_of(time)),
            eight_digits[2..],
            "T = {time}"
        );
    }
}

#[test]
fn rfc_4226_hotp_values_for_counters_zero_to_nine_match() {
    let values = [
        "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871",
        "520489",
    ];
    for (counter, value) in (0..).zip(values) {
        assert_eq!(code_at(&rfc_secret(), counter), value, "counter {counter}");
    }
}

#[test]
fn step_of_floors_to_thirty_second_steps_also_before_1970() {
    assert_eq!(STEP_SECONDS, 30);
    assert_eq!(DIGITS, 6);
    assert_eq!(step_of(0), 0);
    assert_eq!(step_of(29), 0);
    assert_eq!(step_of(30), 1);
    assert_eq!(step_of(59), 1);
    assert_eq!(step_of(-1), -1);
    assert_eq!(step_of(-30), -1);
    assert_eq!(step_of(-31), -2);
}

#[test]
fn codes_keep_leading_zeros() {
    // T = 1111111109 is "07081804": its last six digits start with a zero.
    let code = code_at(&rfc_secret(), step_of(1_111_111_109));
    assert_eq!(code, "081804");
    // Any step gives six digits.
    for step in 0..200 {
        let code = code_at(&rfc_secret(), step);
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
    }
}

#[test]
fn verify_accepts_the_current_previous_and_next_step_and_returns_the_matched_step() {
    let secret = rfc_secret();
    let current = step_of(NOW);
    for step in [current - 1, current, current + 1] {
        assert_eq!(
            verify(&secret, &code_at(&secret, step), NOW, None),
            Some(step)
        );
    }
}

#[test]
fn verify_accepts_at_both_edges_of_a_step() {
    let secret = rfc_secret();
    let start = step_of(NOW) * STEP_SECONDS;
    let end = start + STEP_SECONDS - 1;
    for now in [start, end] {
        let current = step_of(now);
        assert_eq!(current, step_of(NOW));
        assert_eq!(
            verify(&secret, &code_at(&secret, current), now, None),
            Some(current)
        );
        assert_eq!(
            verify(&secret, &code_at(&secret, current - 1), now, None),
            Some(current - 1)
        );
        assert_eq!(
            verify(&secret, &code_at(&secret, current + 1), now, None),
            Some(current + 1)
        );
    }
}

#[test]
fn verify_refuses_codes_two_or_more_steps_away() {
    let secret = rfc_secret();
    let current = step_of(NOW);
    for step in [current - 3, current - 2, current + 2, current + 3] {
        let code = code_at(&secret, step);
        // Only meaningful if the code differs from every code in the window.
        let in_window = (current - 1..=current + 1).any(|s| code_at(&secret, s) == code);
        assert!(!in_window, "step {step} collides with the window");
        assert_eq!(verify(&secret, &code, NOW, None), None, "step {step}");
    }
}

#[test]
fn verify_refuses_a_replay_of_the_code_just_accepted() {
    let secret = rfc_secret();
    let code = code_at(&secret, step_of(NOW));
    let accepted = verify(&secret, &code, NOW, None).expect("first use is accepted");
    assert_eq!(verify(&secret, &code, NOW, Some(accepted)), None);
    // Still refused later in the window, when it is the previous step's code.
    assert_eq!(
        verify(&secret, &code, NOW + STEP_SECONDS, Some(accepted)),
        None
    );
}

#[test]
fn verify_refuses_an_older_code_after_a_newer_one_was_used() {
    let secret = rfc_secret();
    let current = step_of(NOW);
    let newer = verify(&secret, &code_at(&secret, current + 1), NOW, None).expect("next step");
    assert_eq!(newer, current + 1);
    assert_eq!(
        verify(&secret, &code_at(&secret, current), NOW, Some(newer)),
        None
    );
    assert_eq!(
        verify(&secret, &code_at(&secret, current - 1), NOW, Some(newer)),
        None
    );
}

#[test]
fn verify_accepts_a_step_newer_than_the_last_used_one() {
    let secret = rfc_secret();
    let current = step_of(NOW);
    let code = code_at(&secret, current);
    assert_eq!(
        verify(&secret, &code, NOW, Some(current - 1)),
        Some(current)
    );
    assert_eq!(
        verify(&secret, &code, NOW, Some(current - 5)),
        Some(current)
    );
}

#[test]
fn verify_refuses_a_code_of_another_secret() {
    let secret = rfc_secret();
    let other = Secret::from_bytes([7; 20]);
    let code = code_at(&other, step_of(NOW));
    let in_window = (step_of(NOW) - 1..=step_of(NOW) + 1).any(|s| code_at(&secret, s) == code);
    assert!(!in_window);
    assert_eq!(verify(&secret, &code, NOW, None), None);
}

#[test]
fn verify_refuses_malformed_codes() {
    let secret = rfc_secret();
    let good = code_at(&secret, step_of(NOW));
    let full_width: String = good
        .chars()
        .map(|c| char::from_u32(u32::from(c) - u32::from('0') + 0xFF10).unwrap())
        .collect();
    let cases = [
        String::new(),
        good[..5].to_string(),
        format!("{good}0"),
        format!("0{good}"),
        format!(" {good}"),
        format!("{good} "),
        format!("{} {}", &good[..3], &good[3..]),
        format!("{}a", &good[..5]),
        format!("+{}", &good[1..]),
        format!("-{}", &good[1..]),
        "abcdef".to_string(),
        // Full-width digits are the domain crate's to normalise; here they are refused.
        full_width,
    ];
    for case in cases {
        assert_eq!(verify(&secret, &case, NOW, None), None, "{case:?}");
    }
    // The same code as typed is accepted, so each refusal above is about its form.
    assert!(verify(&secret, &good, NOW, None).is_some());
}

#[test]
fn base32_known_vector_encodes_and_decodes() {
    assert_eq!(rfc_secret().to_base32(), RFC_BASE32);
    let decoded = Secret::from_base32(RFC_BASE32).expect("valid");
    assert_eq!(decoded.as_bytes(), b"12345678901234567890");
}

#[test]
fn base32_accepts_lowercase_spaces_and_trailing_padding() {
    for text in [
        "gezdgnbvgy3tqojqgezdgnbvgy3tqojq",
        "GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ",
        "gezd gnbv gy3t qojq gezd gnbv gy3t qojq",
        "  GEZDGNBVGY3TQOJQgezdgnbvgy3tqojq  ",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ====",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ= = ",
    ] {
        let secret = Secret::from_base32(text).unwrap_or_else(|| panic!("{text:?} refused"));
        assert_eq!(secret.as_bytes(), b"12345678901234567890", "{text:?}");
    }
}

#[test]
fn base32_refuses_wrong_length_or_alphabet() {
    for text in [
        "",
        "====",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ",   // 31 characters
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQA", // 33 characters
        "GEZDGNBVGY3TQOJQGEZDGNBV",          // 15 bytes
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ1",  // '1' is not base32
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ0",  // nor '0'
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ8",  // nor '8'
        "GEZDGNBVGY3TQOJQ=GEZDGNBVGY3TQOJQ", // padding inside
        "GEZDGNBVGY3TQOJQ-GEZDGNBVGY3TQOJQ",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJÉ",
        "ＧEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", // full-width G
    ] {
        assert!(Secret::from_base32(text).is_none(), "{text:?} accepted");
    }
}

#[test]
fn debug_of_a_secret_shows_neither_base32_nor_bytes() {
    let secret = rfc_secret();
    let debug = format!("{secret:?} {secret:#?}");
    assert!(!debug.contains(RFC_BASE32));
    assert!(
        !debug
            .to_lowercase()
            .contains(&RFC_BASE32.to_lowercase()[..8])
    );
    assert!(!debug.contains("12345678901234567890"));
    assert!(!debug.contains("49")); // the bytes as decimal: '1' is 49
    assert!(!debug.contains("0x31"));
}

#[test]
fn otpauth_uri_is_exactly_googles_key_uri_format() {
    assert_eq!(
        otpauth_uri(&rfc_secret(), "fiscard", "jane.doe+card@example.com"),
        "otpauth://totp/fiscard:jane.doe%2Bcard%40example.com\
         ?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=fiscard\
         &algorithm=SHA1&digits=6&period=30"
    );
}

#[test]
fn otpauth_uri_percent_encodes_all_but_unreserved_characters() {
    let uri = otpauth_uri(&rfc_secret(), "Big Co & Sons", "a~b_c-d.e/ü?#%:");
    assert_eq!(
        uri,
        "otpauth://totp/Big%20Co%20%26%20Sons:a~b_c-d.e%2F%C3%BC%3F%23%25%3A\
         ?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Big%20Co%20%26%20Sons\
         &algorithm=SHA1&digits=6&period=30"
    );
}

#[test]
fn qr_data_url_is_the_svg_in_base64() {
    use base64::Engine as _;
    let text = otpauth_uri(&rfc_secret(), "fiscard", "jane.doe+card@example.com");
    let url = qr_data_url(&text);
    let encoded = url
        .strip_prefix("data:image/svg+xml;base64,")
        .expect("data URL prefix");
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .expect("standard base64");
    assert_eq!(String::from_utf8(decoded).unwrap(), qr_svg(&text));
}

proptest! {
    #[test]
    fn base32_round_trips_any_secret(bytes in any::<[u8; 20]>()) {
        let text = Secret::from_bytes(bytes).to_base32();
        prop_assert_eq!(text.len(), 32);
        prop_assert!(text.bytes().all(|b| b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b)));
        prop_assert_eq!(Secret::from_base32(&text).map(|s| *s.as_bytes()), Some(bytes));
        prop_assert_eq!(
            Secret::from_base32(&text.to_lowercase()).map(|s| *s.as_bytes()),
            Some(bytes)
        );
    }

    #[test]
    fn verify_accepts_each_step_of_the_window_once(
        bytes in any::<[u8; 20]>(),
        now in 0i64..8_000_000_000,
        offset in -1i64..=1,
    ) {
        let secret = Secret::from_bytes(bytes);
        let step = step_of(now) + offset;
        let code = code_at(&secret, step);
        let accepted = verify(&secret, &code, now, None);
        // A coincidental match with a later step of the window returns that step instead.
        prop_assert!(accepted.is_some_and(|s| s >= step && s <= step_of(now) + 1));
        prop_assert_eq!(verify(&secret, &code, now, accepted), None);
    }
}
