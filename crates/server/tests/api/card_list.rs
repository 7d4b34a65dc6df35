//! `GET fiscard/list`: the holder's cards a page at a time, read in one statement with the
//! session (`cards::page_of_session`).

use serde_json::Value;

use crate::cards::{apply, holder};
use crate::helpers::{EN, spawn_app};

fn keys(page: &Value) -> Vec<String> {
    page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cardKey"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn the_list_pages_newest_first_and_counts_past_its_last_page() {
    let app = spawn_app().await;
    let ann = holder(&app, "ann@example.com", 0).await;
    let bob = holder(&app, "bob@example.com", 0).await;
    let list = |token: String, query: &'static str| {
        let app = &app;
        async move {
            app.get_api(&format!("/fiscard/list{query}"), EN, Some(&token))
                .await
                .assert_ok()
                .clone()
        }
    };

    // No cards yet: an empty first page and an empty page past it, both counting 0.
    for query in ["", "?pageID=2&pageSize=2"] {
        let page = list(ann.token.clone(), query).await;
        assert_eq!(keys(&page), Vec::<String>::new());
        assert_eq!(
            (page["totalCount"].as_i64(), page["totalPage"].as_i64()),
            (Some(0), Some(0))
        );
    }

    let mut issued = Vec::new();
    for _ in 0..3 {
        issued.push(apply(&app, &ann).await);
        app.advance_ms(1_000);
    }
    let newest_first: Vec<String> = issued.iter().rev().cloned().collect();

    let whole = list(ann.token.clone(), "").await;
    assert_eq!(keys(&whole), newest_first);
    assert_eq!(whole["totalCount"], 3);

    let first = list(ann.token.clone(), "?pageID=1&pageSize=2").await;
    assert_eq!(keys(&first), newest_first[..2]);
    assert_eq!(
        (first["totalCount"].as_i64(), first["totalPage"].as_i64()),
        (Some(3), Some(2))
    );
    let second = list(ann.token.clone(), "?pageID=2&pageSize=2").await;
    assert_eq!(keys(&second), newest_first[2..]);
    assert_eq!(second["totalCount"], 3);
    let past = list(ann.token.clone(), "?pageID=3&pageSize=2").await;
    assert_eq!(keys(&past), Vec::<String>::new());
    assert_eq!(past["totalCount"], 3);

    // Another holder's list is theirs alone.
    let other = list(bob.token.clone(), "").await;
    assert_eq!(keys(&other), Vec::<String>::new());
    assert_eq!(other["totalCount"], 0);
    let theirs = apply(&app, &bob).await;
    assert_eq!(keys(&list(bob.token.clone(), "").await), [theirs]);
    assert_eq!(keys(&list(ann.token.clone(), "").await), newest_first);
}
