//! Running in production (DESIGN §14): readiness, draining on SIGTERM, metrics on their own
//! listener, JSON logs with the request id.

use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{spawn_app, spawn_app_with};
use crate::process::{Process, get, read_answer_or, send_head};

#[actix_web::test]
async fn readyz_answers_ready_when_database_migrations_and_store_are_there() {
    let app = spawn_app().await;
    let answer = app.send(app.client.get(app.url("/readyz"))).await;
    assert_eq!(answer.http, StatusCode::OK);
    assert_eq!(
        answer.body,
        json!({ "status": "ready", "database": "ok", "migrations": "applied", "objectStore": "ok" })
    );
    assert_eq!(answer.header("cache-control"), Some("no-store"));
}

#[actix_web::test]
async fn readyz_answers_503_with_the_reason_while_a_migration_is_missing() {
    let app = spawn_app().await;
    let newest = app
        .db
        .write_blocking(|conn| {
            let newest: String = diesel::sql_query(
                "SELECT version FROM __diesel_schema_migrations ORDER BY version DESC LIMIT 1",
            )
            .get_result::<Version>(conn)?
            .version;
            diesel::sql_query(format!(
                "DELETE FROM __diesel_schema_migrations WHERE version = '{newest}'"
            ))
            .execute(conn)?;
            Ok(newest)
        })
        .expect("a migration forgotten");
    let answer = app.send(app.client.get(app.url("/readyz"))).await;
    assert_eq!(answer.http, StatusCode::SERVICE_UNAVAILABLE, "{newest}");
    assert_eq!(answer.body["status"], "not_ready");
    assert_eq!(answer.body["migrations"], "pending");
    assert_eq!(answer.body["reason"], "1 migration(s) not applied");
    // Put back, so the teardown's ledger check finds the schema it knows.
    app.db
        .write_blocking(|conn| {
            diesel::sql_query(format!(
                "INSERT INTO __diesel_schema_migrations (version) VALUES ('{newest}')"
            ))
            .execute(conn)
        })
        .expect("the migration put back");
    let healthy = app.send(app.client.get(app.url("/readyz"))).await;
    assert_eq!(healthy.http, StatusCode::OK);
}

#[derive(QueryableByName)]
struct Version {
    #[diesel(sql_type = diesel::sql_types::Text)]
    version: String,
}

#[actix_web::test]
async fn readyz_answers_503_while_the_object_store_does_not_answer() {
    // An S3 endpoint where nothing listens (a port just freed).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let endpoint = format!("http://127.0.0.1:{port}");
    let app = spawn_app_with(&[
        ("FISCARD_UPLOADS_URL", "s3://nowhere"),
        ("AWS_ENDPOINT", &endpoint),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("AWS_ALLOW_HTTP", "true"),
    ])
    .await;
    let answer = app.send(app.client.get(app.url("/readyz"))).await;
    assert_eq!(answer.http, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.body["database"], "ok");
    assert_eq!(answer.body["objectStore"], "unreachable");
    assert_eq!(answer.body["reason"], "the object store does not answer");
    // Liveness is not readiness: the process and its database are fine.
    let health = app.send(app.client.get(app.url("/healthz"))).await;
    assert_eq!(health.http, StatusCode::OK);
}

/// SIGTERM: a request in flight (its body still arriving) is answered, new connections are
/// refused at once, and the process exits 0 well within the grace period.
#[test]
fn sigterm_refuses_new_connections_finishes_the_request_in_flight_and_exits_0() {
    let mut server = Process::start(&[
        ("FISCARD_SHUTDOWN_GRACE_SECS", "30"),
        ("FISCARD_METRICS_BIND", "127.0.0.1:0"),
    ]);
    let metrics = server.address_logged("metrics are served at /metrics");
    let in_flight = || {
        get(metrics, "/metrics", &[])
            .body
            .lines()
            .find_map(|l| l.strip_prefix("fiscard_http_requests_in_flight "))
            .and_then(|n| n.trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Served, as a load balancer's health check finds it before sending traffic.
    assert_eq!(get(server.address, "/readyz", &[]).status, 200);
    let body = br#"{"email":"drain@example.com","password":"Correct horse 1","captchaToken":"x"}"#;
    let mut slow = TcpStream::connect(server.address).expect("the server accepts");
    send_head(
        &mut slow,
        "POST",
        "/api/user/login",
        &[
            ("Content-Type", "application/json"),
            ("Content-Length", &body.len().to_string()),
            ("X-Request-Id", "drain-test-1"),
        ],
    );
    slow.write_all(&body[..10]).expect("the start of the body");
    slow.flush().expect("sent");
    // The server has the request: it waits for the rest of its body.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while in_flight() < 1.0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the request never arrived"
        );
        std::thread::sleep(Duration::from_millis(20));
    }

    server.terminate();
    // The listener closes: a new connection is refused.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        match TcpStream::connect_timeout(&server.address, Duration::from_millis(200)) {
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => break,
            _ => {}
        }
        assert!(
            std::time::Instant::now() < deadline,
            "new connections still accepted 10 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The request in flight completes.
    std::thread::sleep(Duration::from_millis(500));
    let sent = slow.write_all(&body[10..]);
    assert!(sent.is_ok(), "{sent:?}:\n{}", server.log().join("\n"));
    let answer = read_answer_or(&mut slow, || server.log().join("\n"));
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(answer.header("x-request-id"), Some("drain-test-1"));
    let envelope: Value = serde_json::from_str(&answer.body).expect("the envelope");
    assert!(envelope["statusCode"].is_number(), "{envelope}");

    let status = server.wait(Duration::from_secs(20));
    let log = server.log().join("\n");
    assert!(status.success(), "exit status {status}:\n{log}");
    assert!(log.contains("requests in flight finished"), "{log}");
    assert!(log.contains("fiscard stopped"), "{log}");
}

/// `/metrics` is served on `FISCARD_METRICS_BIND` only, and counts what the instance did.
#[test]
fn metrics_are_scraped_on_their_own_listener_and_count_requests_by_route() {
    let mut server = Process::start(&[("FISCARD_METRICS_BIND", "127.0.0.1:0")]);
    let metrics = server.address_logged("metrics are served at /metrics");
    assert_ne!(metrics, server.address);
    for _ in 0..3 {
        assert_eq!(get(server.address, "/healthz", &[]).status, 200);
    }
    get(server.address, "/api/no/such/route", &[]);
    let public = get(server.address, "/metrics", &[]);
    assert!(
        !public.body.contains("fiscard_http_requests_total"),
        "the public listener serves metrics"
    );
    // The jobs run once at start; their first run is counted when it ends.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let scraped = loop {
        let scraped = get(metrics, "/metrics", &[]);
        if scraped
            .body
            .contains(r#"fiscard_job_runs_total{job="hold_expiry",result="ok"} 1"#)
            || std::time::Instant::now() > deadline
        {
            break scraped;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(scraped.status, 200);
    assert!(
        scraped
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/plain")),
        "{scraped:?}"
    );
    let text = scraped.body;
    let healthz = text
        .lines()
        .find(|l| {
            l.starts_with("fiscard_http_requests_total{")
                && l.contains(r#"route="/healthz""#)
                && l.contains(r#"status="200""#)
        })
        .unwrap_or_else(|| panic!("no /healthz counter in:\n{text}"));
    assert!(healthz.ends_with(" 3"), "{healthz}");
    assert!(text.contains(r#"route="/api/(unmatched)""#), "{text}");
    assert!(
        text.contains("fiscard_http_request_duration_seconds_bucket{"),
        "no latency histogram in:\n{text}"
    );
    // The periodic jobs ran once at start.
    assert!(
        text.contains(r#"fiscard_job_runs_total{job="hold_expiry",result="ok"} 1"#),
        "{text}"
    );
    assert!(
        text.contains("fiscard_job_last_success_timestamp_seconds{"),
        "{text}"
    );
}

/// `FISCARD_LOG_FORMAT=json`: one JSON object per request with its method, route, status,
/// latency and request id; a sane incoming `X-Request-Id` is kept, another replaced, and the
/// id is always answered.
#[test]
fn json_logs_give_one_line_per_request_with_the_request_id_answered() {
    let server = Process::start(&[("FISCARD_LOG_FORMAT", "json")]);
    let kept = get(
        server.address,
        "/healthz",
        &[("X-Request-Id", "lb-7f3a.42")],
    );
    assert_eq!(kept.header("x-request-id"), Some("lb-7f3a.42"));
    let replaced = get(server.address, "/readyz", &[("X-Request-Id", "<not sane>")]);
    let new_id = replaced.header("x-request-id").expect("an id").to_owned();
    assert_ne!(new_id, "<not sane>");
    let fresh = get(server.address, "/healthz", &[]);
    assert!(
        fresh
            .header("x-request-id")
            .is_some_and(|id| !id.is_empty())
    );

    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let lines = loop {
        let lines: Vec<Value> = server
            .log()
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
            .collect();
        let requests = lines.iter().filter(|l| l["message"] == "request").count();
        if requests >= 3 || std::time::Instant::now() > deadline {
            break lines;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let line = lines
        .iter()
        .find(|l| l["request_id"] == "lb-7f3a.42")
        .expect("the request's line");
    assert_eq!(line["message"], "request");
    assert_eq!(line["method"], "GET");
    assert_eq!(line["route"], "/healthz");
    assert_eq!(line["status"], 200);
    assert!(line["latency_ms"].is_number(), "{line}");
    assert_eq!(line["level"], "INFO");
    let readyz = lines
        .iter()
        .find(|l| l["request_id"] == new_id.as_str())
        .expect("the replaced id's line");
    assert_eq!(readyz["route"], "/readyz");
    let per_request = lines.iter().filter(|l| l["message"] == "request").count();
    assert_eq!(per_request, 3, "one line per request");
}
