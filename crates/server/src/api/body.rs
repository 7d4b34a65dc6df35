//! Request bodies: JSON read into the domain crate's [`Raw`] value by the domain crate's own
//! parser, the same path the browser's input takes, so field errors are the same on both sides.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpRequest};
use domain::FieldError;
use domain::forms::Form;
use domain::input::{FromRaw, Raw};
use futures_util::StreamExt;

use super::AppError;

/// The largest body accepted, set per app (`FISCARD_MAX_BODY_BYTES`).
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// After refusing an oversized body, how much more of it is read (and dropped): a client still
/// sending when the connection closes gets a reset instead of the 413. Beyond this the
/// connection is closed all the same.
const DRAIN_MAX: usize = 1024 * 1024;

/// A JSON request body as a [`Raw`] value.
#[derive(Debug, Clone)]
pub struct JsonBody(pub Raw);

impl JsonBody {
    /// Reads the body as a domain form and checks it: the typed form, or 102 with the same
    /// field errors the browser showed.
    pub fn form<F: Form>(&self, context: &F::Context) -> Result<F::Parsed, AppError> {
        let form = F::from_raw(self.0.clone()).ok_or_else(|| {
            AppError::validation(&[FieldError::new("", domain::ErrorCode::MalformedInput)])
        })?;
        form.parse(context)
            .map_err(|errors| AppError::validation(&errors))
    }

    /// A text field outside any form (`token`, `accountId`); `None` when absent or not text.
    pub fn text(&self, key: &str) -> Option<String> {
        let Raw::Object(object) = &self.0 else {
            return None;
        };
        object
            .0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| String::from_raw(v.clone()))
            .filter(|s| !s.trim().is_empty())
    }
}

impl FromRequest for JsonBody {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<JsonBody, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req.app_data::<BodyLimit>().map_or(64 * 1024, |l| l.0);
        let is_json = req
            .headers()
            .get(actix_web::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(';')
                    .next()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
        let mut payload = payload.take();
        Box::pin(async move {
            if !is_json {
                return Err(AppError::bad_request("api.json_required"));
            }
            let mut bytes = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|_| AppError::bad_request("api.bad_request"))?;
                if bytes.len() + chunk.len() > limit {
                    let mut drained = 0;
                    while drained < DRAIN_MAX {
                        match payload.next().await {
                            Some(Ok(chunk)) => drained += chunk.len(),
                            _ => break,
                        }
                    }
                    return Err(AppError::payload_too_large());
                }
                bytes.extend_from_slice(&chunk);
            }
            let text = std::str::from_utf8(&bytes)
                .map_err(|_| AppError::bad_request("api.malformed_json"))?;
            let raw =
                Raw::from_json(text).ok_or_else(|| AppError::bad_request("api.malformed_json"))?;
            if !matches!(raw, Raw::Object(_)) {
                return Err(AppError::bad_request("api.malformed_json"));
            }
            Ok(JsonBody(raw))
        })
    }
}

/// The fields of a request that may come either way: a JSON body when the request has one
/// (`Content-Type: application/json`), else the query string (`GET`, and `DELETE` from
/// clients that put parameters in the URL). Query values are all text, as a form would send.
#[derive(Debug, Clone)]
pub struct Fields(pub JsonBody);

impl Fields {
    /// The query string's pairs as an object of texts (the last of a repeated name wins when
    /// read, as in a JSON body).
    pub fn from_query(query: &str) -> Result<Fields, AppError> {
        let pairs = actix_web::web::Query::<Vec<(String, String)>>::from_query(query)
            .map_err(|_| AppError::bad_request("api.bad_request"))?
            .into_inner();
        let object = pairs.into_iter().map(|(k, v)| (k, Raw::Str(v))).collect();
        Ok(Fields(JsonBody(Raw::Object(domain::input::RawObject(
            object,
        )))))
    }
}

impl FromRequest for Fields {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Fields, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if req
            .headers()
            .contains_key(actix_web::http::header::CONTENT_TYPE)
        {
            let body = JsonBody::from_request(req, payload);
            return Box::pin(async move { body.await.map(Fields) });
        }
        let fields = Fields::from_query(req.query_string());
        Box::pin(async move { fields })
    }
}
