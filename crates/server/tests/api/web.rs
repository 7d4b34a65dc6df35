//! The built web app: files, the SPA fallback, precompressed assets, caching, and paths that
//! try to leave the web folder.

use std::io::{Read, Write};

use reqwest::StatusCode;

use crate::helpers::{APP_JS, APP_JS_GZ, INDEX_HTML, TestApp, spawn_app};

const YEAR: &str = "public, max-age=31536000, immutable";

/// Sends `path` exactly as written (an HTTP client would resolve `..` first); answers the
/// status code and the whole raw response.
async fn raw_get(app: &TestApp, path: &str) -> (u16, String) {
    let (port, request) = (
        app.port,
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
    );
    let response = actix_web::rt::task::spawn_blocking(move || {
        let mut stream =
            std::net::TcpStream::connect(("127.0.0.1", port)).expect("connects to the server");
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .expect("timeout set");
        stream
            .write_all(request.as_bytes())
            .expect("request written");
        let mut response = Vec::new();
        stream.read_to_end(&mut response).expect("response read");
        response
    })
    .await
    .expect("raw request");
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {response:?}"));
    (status, response)
}

#[actix_web::test]
async fn the_root_serves_the_app_page_uncached() {
    let app = spawn_app().await;
    let answer = app.send(app.client.get(app.url("/"))).await;
    assert_eq!(answer.http, StatusCode::OK);
    assert_eq!(answer.text, INDEX_HTML);
    assert_eq!(
        answer.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(answer.header("cache-control"), Some("no-cache"));
}

#[actix_web::test]
async fn any_other_page_path_serves_the_app_page() {
    let app = spawn_app().await;
    for path in [
        "/product/fiscard",
        "/my/security/google-authenticator",
        "/account/order/card/",
        "/index.html",
    ] {
        let answer = app.send(app.client.get(app.url(path))).await;
        assert_eq!(answer.http, StatusCode::OK, "{path}");
        assert_eq!(answer.text, INDEX_HTML, "{path}");
        assert_eq!(answer.header("cache-control"), Some("no-cache"), "{path}");
    }
}

#[actix_web::test]
async fn an_asset_is_served_precompressed_when_the_browser_takes_gzip() {
    let app = spawn_app().await;
    for accept in ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8"] {
        let response = app
            .client
            .get(app.url("/assets/app.js"))
            .header("Accept-Encoding", accept)
            .send()
            .await
            .expect("response");
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        assert_eq!(header("content-encoding"), Some("gzip"), "{accept}");
        assert_eq!(
            header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(header("cache-control"), Some(YEAR));
        assert_eq!(header("vary"), Some("Accept-Encoding"));
        assert_eq!(
            response.bytes().await.expect("body").as_ref(),
            APP_JS_GZ,
            "{accept}"
        );
    }
}

#[actix_web::test]
async fn an_asset_is_served_as_is_to_a_browser_without_gzip() {
    let app = spawn_app().await;
    for accept in [None, Some("identity"), Some("br"), Some("deflate")] {
        let mut request = app.client.get(app.url("/assets/app.js"));
        if let Some(accept) = accept {
            request = request.header("Accept-Encoding", accept);
        }
        let answer = app.send(request).await;
        assert_eq!(answer.http, StatusCode::OK);
        assert_eq!(answer.text, APP_JS, "{accept:?}");
        assert_eq!(answer.header("content-encoding"), None, "{accept:?}");
        assert_eq!(answer.header("cache-control"), Some(YEAR));
    }
}

#[actix_web::test]
async fn a_missing_asset_is_a_404_not_the_app_page() {
    let app = spawn_app().await;
    for path in ["/assets/missing.js", "/favicon.ico", "/assets/app.css"] {
        let answer = app.send(app.client.get(app.url(path))).await;
        assert_eq!(answer.http, StatusCode::NOT_FOUND, "{path}");
        assert_ne!(answer.text, INDEX_HTML, "{path}");
    }
}

#[actix_web::test]
async fn a_path_cannot_leave_the_web_folder() {
    let app = spawn_app().await;
    // A file beside the web folder, and the server's own secrets.
    let secret = "top secret beside the web folder";
    let outside = app.data_dir.parent().expect("temporary folder");
    std::fs::write(outside.join("secret.txt"), secret).expect("secret written");
    std::fs::write(outside.join("secret"), secret).expect("secret written");
    for path in [
        "/../secret.txt",
        "/assets/../../secret.txt",
        "/..%2fsecret.txt",
        "/%2e%2e/secret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/../data/secrets/captcha-hmac.key",
    ] {
        let (status, response) = raw_get(&app, path).await;
        assert!(!response.contains(secret), "{path}: {response}");
        assert!(!response.contains("root:"), "{path}: {response}");
        assert!(status == 404 || status == 400, "{path}: {response}");
    }
    for path in ["/../secret", "/assets/../../secret", "//etc/passwd"] {
        let (status, response) = raw_get(&app, path).await;
        assert!(!response.contains(secret), "{path}: {response}");
        // A page path: the app page, or a refusal.
        assert!(
            (status == 200 && response.ends_with(INDEX_HTML)) || status == 400 || status == 404,
            "{path}: {response}"
        );
    }
}

#[actix_web::test]
async fn only_get_and_head_reach_the_web_app() {
    let app = spawn_app().await;
    let head = app.send(app.client.head(app.url("/"))).await;
    assert_eq!(head.http, StatusCode::OK);
    assert_eq!(head.text, "");
    let post = app.send(app.client.post(app.url("/"))).await;
    assert_eq!(post.http, StatusCode::NOT_FOUND);
    assert_eq!(post.code(), 404);
}
