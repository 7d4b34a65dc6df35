//! `FISCARD_LOG=debug` prints fiscard's debug lines, and no level prints a secret: the log of a
//! whole card journey at debug level (register, step-up codes, the PIN, applying, revealing the
//! card, recharging, a purchase on the card network, refusals) holds no password, PIN, e-mail
//! code, session token, card number or CVV.
//!
//! The subscriber is the process's (tracing has one): it sees every test running beside this
//! one, so it is searched for this journey's secrets only, each as a whole word.

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use serde_json::json;

use crate::card_events::{auth, event};
use crate::cards::{PIN, apply, holder, recharge, with_pin};
use crate::helpers::{EN, PASSWORD, spawn_app};

type Buffer = Arc<Mutex<Vec<u8>>>;

struct Capture(Buffer);

impl Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The process's log from now on, at `FISCARD_LOG=debug`'s filter.
fn capture() -> Buffer {
    static LOG: OnceLock<Buffer> = OnceLock::new();
    LOG.get_or_init(|| {
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(server::logging::filter(Some("debug")).expect("the debug filter"))
            .with_ansi(false)
            .with_writer(move || Capture(writer.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");
        buffer
    })
    .clone()
}

/// Whether `needle` stands in `text` as a word of its own (not inside a longer run of letters
/// or digits, as a six-digit code may inside a request id).
fn has_word(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + needle.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[actix_web::test]
async fn a_card_journey_logged_at_debug_shows_its_steps_and_none_of_its_secrets() {
    let log = capture();
    let app = spawn_app().await;
    let email = "logged.journey@example.com";
    let h = holder(&app, email, 10_000).await;
    let card = apply(&app, &h).await;
    let details = app
        .post_json(
            "/fiscard/query/cvv",
            &with_pin(json!({ "cardKey": card })),
            EN,
            Some(&h.token),
        )
        .await
        .assert_ok()
        .clone();
    recharge(&app, &h, &card, "50").await.assert_ok();
    event(&app, &auth(&card, "tx-logged-1", "5.00", "USD", None))
        .await
        .assert_ok();
    // Refusals: a wrong PIN, a wrong password.
    let wrong_pin = json!({ "cardKey": card, "amount": "5", "securityPassword": "024680" });
    app.post_json("/fiscard/recharge", &wrong_pin, EN, Some(&h.token))
        .await
        .assert_refused(104, "The security code is incorrect");
    assert_ne!(app.login(email, "Not the password 1").await.code(), 200);
    assert!(app.mailer.settled(std::time::Duration::from_secs(5)).await);

    let text =
        String::from_utf8_lossy(&log.lock().unwrap_or_else(PoisonError::into_inner)).into_owned();
    // The journey's steps are there, at debug.
    for step in [
        format!("session opened user_id=\"{}\"", h.uid),
        format!("issuer event handled event=\"authorization\" card_key=\"{card}\""),
        "refused status_code=104".to_owned(),
        "mail sent to=".to_owned(),
    ] {
        assert!(text.contains(&step), "no {step:?} in the debug log");
    }
    assert!(text.contains("DEBUG"));

    // Its secrets are not.
    let number = details["cardNo"].as_str().expect("the card number");
    let cvv = details["cvv"].as_str().expect("the CVV");
    let grouped: Vec<&str> = (0..4).map(|i| &number[i * 4..i * 4 + 4]).collect();
    let codes: Vec<String> = app
        .mails_to(email)
        .iter()
        .filter(|mail| mail.has_code())
        .map(crate::helpers::Mail::code)
        .collect();
    assert!(codes.len() >= 2, "the journey asked for codes: {codes:?}");
    let mut secrets = vec![
        PASSWORD.to_owned(),
        PIN.to_owned(),
        "024680".to_owned(),
        "Not the password 1".to_owned(),
        h.token.clone(),
        number.to_owned(),
        grouped.join(" "),
    ];
    secrets.extend(codes);
    for secret in &secrets {
        assert!(!has_word(&text, secret), "the debug log shows {secret:?}");
    }
    for line in text
        .lines()
        .filter(|l| l.to_ascii_lowercase().contains("cvv"))
    {
        assert!(!has_word(line, cvv), "the debug log shows the CVV: {line}");
    }
    assert!(
        !text.contains(&format!("\"{cvv}\"")),
        "the debug log shows the CVV"
    );
}
