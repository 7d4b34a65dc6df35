//! `POST user/file` and `GET user/file/{name}`: the domain's upload rules while the file
//! streams in, encryption at rest, the owner-only read, and the S3-compatible store.

use std::time::Duration;

use futures_util::{StreamExt, stream};
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{Answer, EN, PASSWORD, TestApp, spawn_app, spawn_app_with};

pub const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
const MAX: usize = 10 * 1024 * 1024;

/// A PNG-looking file of `len` bytes whose content is easy to find (and must not be, at rest).
pub fn png(len: usize) -> Vec<u8> {
    let mut bytes = PNG.to_vec();
    let marker = b"fiscard-plain-text-marker ";
    while bytes.len() < len {
        bytes.extend_from_slice(marker);
    }
    bytes.truncate(len);
    bytes
}

/// Uploads `bytes` as `name` for `token`.
pub async fn upload(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> Answer {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    let request = app
        .client
        .post(app.url("/api/user/file"))
        .header("User-Lang", EN)
        .header("Access-Token", token)
        .multipart(Form::new().part("file", part));
    app.send(request).await
}

/// Uploads `bytes` as `name` and answers the reference.
pub async fn uploaded(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> String {
    upload(app, token, name, bytes).await.assert_ok()["reference"]
        .as_str()
        .expect("a reference")
        .to_owned()
}

/// `GET user/file/{reference}`: HTTP status, headers, bytes.
async fn read(app: &TestApp, token: &str, reference: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("/api/user/file/{reference}")))
        .header("User-Lang", EN)
        .header("Access-Token", token)
        .send()
        .await
        .expect("request sent")
}

fn refusal(answer: &Answer) -> Value {
    assert_eq!(answer.code(), 102, "{}", answer.text);
    let error = &answer.content()[0];
    json!({ "field": error["field"], "code": error["code"], "name": error["params"]["name"] })
}

async fn user(app: &TestApp, email: &str) -> String {
    app.register(email, PASSWORD).await
}

/// Every file under `dir`, read whole.
fn files_under(dir: &std::path::Path) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(std::fs::read(&path).expect("readable"));
        }
    }
    found
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[actix_web::test]
async fn an_image_is_stored_encrypted_and_read_back_by_its_owner() {
    let app = spawn_app().await;
    let token = user(&app, "files@example.com").await;
    let bytes = png(300_000);
    let answer = upload(&app, &token, "passport.png", bytes.clone()).await;
    let content = answer.assert_ok();
    assert_eq!(content["name"], "passport.png");
    assert_eq!(content["kind"], "png");
    assert_eq!(content["size"], 300_000);
    let reference = content["reference"].as_str().expect("reference");
    assert!(
        reference.rsplit_once('.').map(|(_, ext)| ext) == Some("png") && !reference.contains('/'),
        "{reference}"
    );

    let stored = files_under(&app.data_dir.join("uploads"));
    assert_eq!(stored.len(), 1, "one object in the local store");
    assert!(
        !contains(&stored[0], b"fiscard-plain-text-marker"),
        "the file is encrypted at rest"
    );

    let response = read(&app, &token, reference).await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(header("content-type"), "image/png");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert!(header("content-security-policy").contains("sandbox"));
    assert!(header("content-security-policy").starts_with("default-src 'none'"));
    assert!(header("content-disposition").starts_with("inline"));
    assert_eq!(header("cache-control"), "private, no-store");
    assert_eq!(response.bytes().await.expect("body").to_vec(), bytes);
}

#[actix_web::test]
async fn a_pdf_is_served_as_an_attachment_and_sizes_on_segment_edges_read_back() {
    let app = spawn_app().await;
    let token = user(&app, "pdf@example.com").await;
    let segment = 64 * 1024;
    for len in [
        9,
        segment - 1,
        segment,
        segment + 1,
        2 * segment,
        3 * segment + 7,
    ] {
        let mut bytes = b"%PDF-1.7\n".to_vec();
        bytes.resize(len.max(9), b'x');
        let reference = uploaded(&app, &token, "statement.pdf", bytes.clone()).await;
        let response = read(&app, &token, &reference).await;
        let disposition = response.headers()["content-disposition"]
            .to_str()
            .expect("text")
            .to_owned();
        assert_eq!(response.headers()["content-type"], "application/pdf");
        assert!(
            disposition.starts_with("attachment") && disposition.contains("statement.pdf"),
            "{disposition}"
        );
        assert_eq!(
            response.bytes().await.expect("body").to_vec(),
            bytes,
            "{len} bytes"
        );
    }
}

#[actix_web::test]
async fn the_domain_rules_refuse_a_file_by_its_name_and_content() {
    let app = spawn_app().await;
    let token = user(&app, "rules@example.com").await;
    let exe = b"MZ\x90\x00\x03\x00\x00\x00 this program cannot be run".to_vec();
    let cases: [(&str, Vec<u8>, &str); 6] = [
        ("setup.png", exe, "file_content_mismatch"),
        ("../passport.png", png(100), "file_name_invalid"),
        ("notes.txt", b"hello".to_vec(), "file_type_unsupported"),
        (
            "script.pdf",
            b"%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>"
                .to_vec(),
            "file_active_content",
        ),
        ("empty.png", Vec::new(), "file_empty"),
        (
            "a-name-of-fifty-one-characters-is-one-too-long-.png",
            png(100),
            "file_name_too_long",
        ),
    ];
    for (name, bytes, code) in cases {
        let answer = upload(&app, &token, name, bytes).await;
        assert_eq!(
            refusal(&answer),
            json!({ "field": "file", "code": code, "name": name }),
            "{name}"
        );
        assert!(answer.message().contains(name), "{}", answer.message());
    }
    assert!(
        files_under(&app.data_dir.join("uploads")).is_empty(),
        "nothing refused stays in the store"
    );
}

#[actix_web::test]
async fn ten_megabytes_are_accepted_and_one_byte_more_is_refused_before_the_body_ends() {
    let app = spawn_app().await;
    let token = user(&app, "big@example.com").await;
    let reference = uploaded(&app, &token, "scan.png", png(MAX)).await;
    assert_eq!(
        read(&app, &token, &reference)
            .await
            .bytes()
            .await
            .expect("body")
            .len(),
        MAX
    );

    // 10 MB + 1 byte, and then the body never ends: only a server that refuses at the limit,
    // without waiting for the rest, answers.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = png(MAX + 1)
        .chunks(64 * 1024)
        .map(|c| Ok(c.to_vec()))
        .collect();
    let endless = stream::iter(chunks).chain(stream::pending());
    let part = Part::stream(reqwest::Body::wrap_stream(endless)).file_name("huge.png");
    let request = app
        .client
        .post(app.url("/api/user/file"))
        .header("User-Lang", EN)
        .header("Access-Token", &token)
        .multipart(Form::new().part("file", part));
    let answer = tokio::time::timeout(Duration::from_secs(20), app.send(request))
        .await
        .expect("the server answered before the body ended");
    assert_eq!(
        refusal(&answer),
        json!({ "field": "file", "code": "file_too_large", "name": "huge.png" })
    );
    assert_eq!(files_under(&app.data_dir.join("uploads")).len(), 1);
}

#[actix_web::test]
async fn a_body_without_a_file_is_refused_and_a_session_is_needed() {
    let app = spawn_app().await;
    let token = user(&app, "nofile@example.com").await;
    let request = app
        .client
        .post(app.url("/api/user/file"))
        .header("User-Lang", EN)
        .header("Access-Token", &token)
        .multipart(Form::new().text("other", "x"));
    let answer = app.send(request).await;
    assert_eq!(answer.code(), 102);
    assert_eq!(answer.content()[0]["field"], "file");
    assert_eq!(answer.content()[0]["code"], "required_file");

    let request = app
        .client
        .post(app.url("/api/user/file"))
        .multipart(Form::new().part("file", Part::bytes(png(10)).file_name("a.png")));
    assert_eq!(app.send(request).await.code(), 101);
}

#[actix_web::test]
async fn another_users_file_reads_as_an_unknown_one() {
    let app = spawn_app().await;
    let owner = user(&app, "owner-files@example.com").await;
    let other = user(&app, "other-files@example.com").await;
    let reference = uploaded(&app, &owner, "passport.png", png(1000)).await;
    let get = |token: String, reference: String| {
        let request = app
            .client
            .get(app.url(&format!("/api/user/file/{reference}")))
            .header("User-Lang", EN)
            .header("Access-Token", token);
        app.send(request)
    };
    let theirs = get(other.clone(), reference.clone()).await;
    let unknown = get(other, "0193a1b2-0000-7000-8000-000000000000.png".to_owned()).await;
    assert_eq!(theirs.code(), 404, "{}", theirs.text);
    assert_eq!(
        (theirs.code(), theirs.message()),
        (unknown.code(), unknown.message())
    );
    assert_eq!(read(&app, &owner, &reference).await.status(), 200);
}

/// An S3-compatible server (s3s-fs over a folder) on its own thread, for one test.
pub struct S3Server {
    pub endpoint: String,
    pub root: tempfile::TempDir,
}

pub const S3_ACCESS_KEY: &str = "fiscard-test-access";
pub const S3_SECRET_KEY: &str = "fiscard-test-secret-key";
pub const S3_BUCKET: &str = "fiscard-uploads";

pub fn start_s3() -> S3Server {
    let root = tempfile::tempdir().expect("a folder for the S3 server");
    std::fs::create_dir_all(root.path().join(S3_BUCKET)).expect("the bucket");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.set_nonblocking(true).expect("non-blocking");
    let endpoint = format!("http://{}", listener.local_addr().expect("address"));
    let folder = root.path().to_owned();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let fs = s3s_fs::FileSystem::new(folder).expect("s3s-fs");
            let mut builder = s3s::service::S3ServiceBuilder::new(fs);
            builder.set_auth(s3s::auth::SimpleAuth::from_single(
                S3_ACCESS_KEY,
                S3_SECRET_KEY,
            ));
            let service = builder.build();
            let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
            let http =
                hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new());
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    continue;
                };
                let connection = http
                    .serve_connection(hyper_util::rt::TokioIo::new(socket), service.clone())
                    .into_owned();
                tokio::spawn(async move {
                    let _ = connection.await;
                });
            }
        });
    });
    S3Server { endpoint, root }
}

#[actix_web::test]
async fn an_s3_compatible_store_keeps_the_files_by_url() {
    let s3 = start_s3();
    let url = format!("s3://{S3_BUCKET}/documents");
    let app = spawn_app_with(&[
        ("FISCARD_UPLOADS_URL", url.as_str()),
        ("AWS_ENDPOINT", s3.endpoint.as_str()),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", S3_ACCESS_KEY),
        ("AWS_SECRET_ACCESS_KEY", S3_SECRET_KEY),
        ("AWS_ALLOW_HTTP", "true"),
    ])
    .await;
    // The store answers: the instance is ready.
    let ready = app.send(app.client.get(app.url("/readyz"))).await;
    assert_eq!(ready.http, reqwest::StatusCode::OK, "{}", ready.body);
    assert_eq!(ready.body["objectStore"], "ok");
    let token = user(&app, "s3@example.com").await;
    // Over one 5 MiB part: a real multipart upload.
    let bytes = png(6 * 1024 * 1024 + 123);
    let reference = uploaded(&app, &token, "passport.png", bytes.clone()).await;
    let response = read(&app, &token, &reference).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.bytes().await.expect("body").to_vec(), bytes);

    let stored = files_under(&s3.root.path().join(S3_BUCKET).join("documents"));
    assert_eq!(stored.len(), 1, "one object under the URL's prefix");
    assert!(!contains(&stored[0], b"fiscard-plain-text-marker"));
    assert!(
        !app.data_dir.join("uploads").exists(),
        "nothing in the local folder"
    );

    // A refused file leaves nothing behind in the bucket either.
    let answer = upload(
        &app,
        &token,
        "setup.png",
        b"MZ\x90\x00\x03\x00\x00\x00".to_vec(),
    )
    .await;
    assert_eq!(answer.code(), 102);
    assert_eq!(
        files_under(&s3.root.path().join(S3_BUCKET).join("documents")).len(),
        1
    );
}
