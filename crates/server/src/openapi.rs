//! `GET /api/openapi.json`: the OpenAPI 3.1 document, assembled from the handlers.
//!
//! Each operation comes from its handler's `#[utoipa::path]` (method, path, summary and
//! description from the doc comment, parameters, request body, answer), every wire shape from
//! the typed struct the handler reads or writes (`ToSchema`), and the statusCode catalogue from
//! [`ApiCode`]. This module adds what every operation shares: the session scheme, the `User-Lang`
//! header, and the transport-level answers (HTTP 400, 413 and 500 in the envelope).
//!
//! The API tests hold the document to the route table, resolve every `$ref`, call each route
//! without a session, and check every answer they receive against its operation's schema.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use actix_web::http::header::ContentType;
use serde_json::json;
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{
    ContentBuilder, ObjectBuilder, OpenApi as Document, Ref, RefOr, Required, ResponseBuilder,
    ServerBuilder, Type,
};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::api::{ApiCode, Refusal};

/// The name of the `Access-Token` security scheme.
pub const SESSION: &str = "accessToken";

/// The name of the operators' `Ops-Token` security scheme.
pub const OPS_SESSION: &str = "opsToken";

/// The document
///
/// The bare OpenAPI 3.1 document (not in the envelope): every operation, request and answer
/// of this API.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "system",
    responses((status = 200, description = "An OpenAPI 3.1 document.", body = Object))
)]
pub async fn document() -> HttpResponse {
    static JSON: LazyLock<String> = LazyLock::new(|| {
        openapi()
            .to_json()
            .expect("the OpenAPI document serialises")
    });
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .insert_header(("Cache-Control", "no-cache"))
        .body(JSON.as_str())
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "fiscard API",
        description = "Every `/api` answer is the envelope `{statusCode, content, message}`, \
            with HTTP 200 for every handled outcome: `Success` (statusCode 200) or a `Refusal` \
            (the other codes, listed in `StatusCode`). `message` is in the language of the \
            `User-Lang` header; every answer also names its key in the server's or the \
            domain's catalogue (`messageKey`), a `Refusal` with the values of its placeholders \
            (`messageParams`). Operations marked with the `accessToken` scheme need the \
            session token in the `Access-Token` header (else statusCode 101). List calls page \
            with `pageID` (from 1) and `pageSize` (default 10) and answer \
            `{list, totalPage, totalCount}`."
    ),
    servers((url = "/api", description = "The API")),
    paths(crate::routes::health::healthz, crate::routes::health::readyz),
    components(schemas(ApiCode, Refusal)),
    modifiers(&Shared),
    tags(
        (name = "auth", description = "Register, log in, recover, log out, e-mail codes."),
        (name = "user", description = "The user's own data, uploaded documents and reference lists."),
        (name = "identity", description = "Basic identity and investor certification: drafts and commits."),
        (name = "investor", description = "The AML and qualified-investor questionnaires."),
        (name = "account", description = "The user's USD accounts, on the double-entry ledger."),
        (name = "fiscard", description = "Virtual cards: BINs, applying, revealing, recharging, orders, transactions."),
        (name = "fund", description = "The investor's saved bank accounts and USD withdrawals; the fixed-income fund: the current and fixed products, the forms' contexts, subscriptions and redemptions, the user's figures and records."),
        (name = "wallet", description = "The crypto wallet: coins and networks, balances and their USD value, deposit addresses, withdrawals, records."),
        (name = "exchange", description = "The exchange: pairs, indicative rates, quotes bound to the user for seconds, swaps accepted once, the swap history."),
        (name = "issuer", description = "Signed card-transaction events from the card issuer."),
        (name = "ops", description = "The operator console: operators' login (password and authenticator code) and sessions (`Ops-Token`, never `Access-Token`), the operators, the identity review, wires, users and their sessions, cards, BINs and withdrawals. Each operation names the roles it accepts (statusCode 403 otherwise)."),
        (name = "captcha", description = "ALTCHA proof-of-work challenges."),
        (name = "system", description = "This document, health and readiness."),
    )
)]
struct ApiDoc;

/// The document.
pub fn openapi() -> Document {
    let mut paths = crate::routes::ApiPaths::openapi();
    Shared.modify(&mut paths);
    let mut document = ApiDoc::openapi();
    document.merge(paths);
    document
}

/// What every operation shares, added to each one.
struct Shared;

/// The operations outside `/api`, served at the site root.
const AT_THE_ROOT: [&str; 2] = ["/healthz", "/readyz"];

impl Modify for Shared {
    fn modify(&self, document: &mut Document) {
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            SESSION,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Access-Token",
                "The session token that `user/login` or `user/register` answered.",
            ))),
        );
        components.add_security_scheme(
            OPS_SESSION,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Ops-Token",
                "An operator's session token, as `ops/login` or `ops/enrolment/finish` answered \
                 it (the console only; a user's `Access-Token` is never read there).",
            ))),
        );
        for (name, description) in [
            (
                "BadRequest",
                "The body or the query cannot be read: not `application/json`, malformed, not \
                 a JSON object, or a query parameter of the wrong type (statusCode 400).",
            ),
            (
                "PayloadTooLarge",
                "The body is over the size limit (statusCode 413).",
            ),
            (
                "InternalError",
                "An internal error (statusCode 500); nothing about it is shown.",
            ),
        ] {
            components.responses.insert(
                name.to_owned(),
                ResponseBuilder::new()
                    .description(description)
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(Ref::from_schema_name(Refusal::name())))
                            .build(),
                    )
                    .build()
                    .into(),
            );
        }
        for (path, item) in &mut document.paths.paths {
            if AT_THE_ROOT.contains(&path.as_str()) {
                item.servers = Some(vec![
                    ServerBuilder::new()
                        .url("/")
                        .description(Some("The site root (outside /api)"))
                        .build(),
                ]);
            }
            for operation in [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                shared_by(operation);
            }
        }
    }
}

/// The `User-Lang` header; HTTP 400 for an operation that reads a body or a query, 413 for one
/// that reads a body; HTTP 500 for one that answers the envelope.
fn shared_by(operation: &mut Operation) {
    let user_lang = ParameterBuilder::new()
        .name("User-Lang")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "The language of `message`: en-US or zh-HK (zh-TW and zh-Hant are read as zh-HK). \
             Anything else, or none, gives en-US. The answer's `Content-Language` says which.",
        ))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(["en-US", "zh-HK"]))
                .default(Some(json!("en-US"))),
        ))
        .build();
    operation
        .parameters
        .get_or_insert_with(Vec::new)
        .insert(0, user_lang);
    let reads_the_query = operation
        .parameters
        .iter()
        .flatten()
        .any(|p| matches!(p.parameter_in, ParameterIn::Query));
    let responses = &mut operation.responses.responses;
    if operation.request_body.is_some() || reads_the_query {
        responses.insert(
            "400".to_owned(),
            Ref::from_response_name("BadRequest").into(),
        );
    }
    if operation.request_body.is_some() {
        responses.insert(
            "413".to_owned(),
            Ref::from_response_name("PayloadTooLarge").into(),
        );
    }
    if answers_the_envelope(operation) {
        let responses = &mut operation.responses.responses;
        responses.insert(
            "500".to_owned(),
            Ref::from_response_name("InternalError").into(),
        );
    }
}

/// An operation answers the envelope when its success is a [`Reply`](crate::api::Reply) (utoipa names each one's
/// schema `Reply_<content>`); the others answer a bare document.
fn answers_the_envelope(operation: &Operation) -> bool {
    let Some(RefOr::T(success)) = operation.responses.responses.get("200") else {
        return false;
    };
    success
        .content
        .get("application/json")
        .and_then(|c| c.schema.as_ref())
        .is_some_and(|schema| {
            matches!(schema, RefOr::Ref(r) if r.ref_location.starts_with("#/components/schemas/Reply_"))
        })
}
