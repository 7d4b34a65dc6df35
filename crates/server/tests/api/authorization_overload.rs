//! Overload: an authorization that cannot have its turn at the database in time (every
//! connection busy; the card held by a long transaction) is declined `issuer_unavailable` at
//! once instead of queueing past what the card network waits; nothing is kept of it, so the
//! network's retry is decided afresh. Settling events wait their turn.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::card_events::{auth, event, funded_card};
use crate::cards::cards_of;
use crate::helpers::spawn_app_with;

const HELD: Duration = Duration::from_millis(1_500);

#[actix_web::test]
async fn an_authorization_without_a_turn_in_time_is_declined_at_once_and_decided_afresh_later() {
    let app = spawn_app_with(&[("FISCARD_AUTHORIZATION_WAIT_MS", "200")]).await;
    let (h, card) = funded_card(&app, "me@example.com", "101.01").await; // 100.00 on the card

    // Every connection of the pool (4 in tests) busy.
    let db = app.db.clone();
    let busy = actix_web::rt::spawn(async move {
        futures_util::future::join_all((0..4).map(|_| {
            db.read(|_| {
                std::thread::sleep(HELD);
                Ok(())
            })
        }))
        .await
    });
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let declined = event(&app, &auth(&card, "busy-1", "10", "USD", None)).await;
    let waited = started.elapsed();
    let content = declined.assert_ok();
    assert_eq!(
        (&content["approved"], &content["declineReason"]),
        (&json!(false), &json!("issuer_unavailable"))
    );
    assert!(waited < Duration::from_secs(1), "answered after {waited:?}");
    busy.await.unwrap();

    // The network's retry, once the database has time again: decided, and approved.
    let retried = event(&app, &auth(&card, "busy-1", "10", "USD", None)).await;
    assert_eq!(retried.assert_ok()["approved"], true);
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "89.90");

    // The card held by a long transaction (SQLite: the writer's turn; PostgreSQL: its row).
    let (db, key) = (app.db.clone(), card.clone());
    let holding = actix_web::rt::spawn(async move {
        db.write(move |conn| {
            server::services::cards::lock(conn, &key)?;
            std::thread::sleep(HELD);
            Ok(())
        })
        .await
    });
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let declined = event(&app, &auth(&card, "busy-2", "10", "USD", None)).await;
    let waited = started.elapsed();
    assert_eq!(
        declined.assert_ok()["declineReason"],
        json!("issuer_unavailable")
    );
    assert!(waited < Duration::from_secs(1), "answered after {waited:?}");
    // A clearing settles what was decided: it waits its turn instead.
    let cleared = event(
        &app,
        &json!({ "event": "clearing", "transactionId": "busy-1", "cardKey": card }),
    )
    .await;
    assert_eq!(cleared.assert_ok()["status"], "succeed");
    holding.await.unwrap().unwrap();
    assert_eq!(cards_of(&app, &h).await[0]["cardBalance"], "89.90");
    assert_eq!(cards_of(&app, &h).await[0]["heldBalance"], "0.00");
}
