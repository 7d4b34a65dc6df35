//! Request bodies: a JSON object, read into the domain's forms by their own `Deserialize` (the
//! same impls the browser's values go through), so field errors are the same on both sides.

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpRequest};
use domain::FieldError;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::AppError;

/// The largest body accepted, set per app (`FISCARD_MAX_BODY_BYTES`).
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// After refusing an oversized body, how much more of it is read (and dropped): a client still
/// sending when the connection closes gets a reset instead of the 413. Beyond this the
/// connection is closed all the same.
const DRAIN_MAX: usize = 1024 * 1024;

/// The body, up to `limit` bytes: a longer one is refused (413) as soon as it passes the
/// limit, before anything reads it.
async fn read_limited(mut payload: Payload, limit: usize) -> Result<BytesMut, AppError> {
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
    Ok(bytes)
}

/// A body as bytes, within the app's [`BodyLimit`] (a signed webhook reads its body whole to
/// check the signature; an oversized one is refused before that).
#[derive(Debug, Clone)]
pub struct RawBody(pub actix_web::web::Bytes);

impl FromRequest for RawBody {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<RawBody, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req.app_data::<BodyLimit>().map_or(64 * 1024, |l| l.0);
        let payload = payload.take();
        Box::pin(async move { Ok(RawBody(read_limited(payload, limit).await?.freeze())) })
    }
}

/// A JSON request body: an object (a repeated key counts as its last value).
#[derive(Debug, Clone)]
struct JsonBody(Map<String, Value>);

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
        let payload = payload.take();
        Box::pin(async move {
            if !is_json {
                return Err(AppError::bad_request("api.json_required"));
            }
            let bytes = read_limited(payload, limit).await?;
            match serde_json::from_slice(&bytes) {
                Ok(Value::Object(object)) => Ok(JsonBody(object)),
                _ => Err(AppError::bad_request("api.malformed_json")),
            }
        })
    }
}

/// The fields of a request that may come either way: a JSON body when the request has one
/// (`Content-Type: application/json`), else the query string (`GET`, and `DELETE` from
/// clients that put parameters in the URL). Query values are all text, as a form would send.
#[derive(Debug, Clone)]
struct Fields(JsonBody);

impl Fields {
    /// The query string's pairs as an object of texts (the last of a repeated name wins when
    /// read, as in a JSON body).
    fn from_query(query: &str) -> Result<Fields, AppError> {
        let pairs = actix_web::web::Query::<Vec<(String, String)>>::from_query(query)
            .map_err(|_| AppError::bad_request("api.bad_request"))?
            .into_inner();
        let object = pairs
            .into_iter()
            .map(|(k, v)| (k, Value::String(v)))
            .collect();
        Ok(Fields(JsonBody(object)))
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

/// A request body read as `T`, a typed request: the domain's forms (lenient: a missing or
/// wrong-typed field is their field error, never a refusal of the whole body) and the request's
/// own fields. The JSON object stays at hand (idempotency compares requests by it).
#[derive(Debug)]
pub struct Body<T> {
    value: T,
    json: Map<String, Value>,
}

impl<T> Body<T> {
    pub fn into_inner(self) -> T {
        self.value
    }

    /// The object as sent.
    pub fn json(&self) -> &Map<String, Value> {
        &self.json
    }
}

impl<T> Deref for Body<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: DeserializeOwned> Body<T> {
    fn read(json: Map<String, Value>) -> Result<Body<T>, AppError> {
        let value = T::deserialize(&Value::Object(json.clone())).map_err(|_| {
            AppError::validation(&[FieldError::new("", domain::ErrorCode::MalformedInput)])
        })?;
        Ok(Body { value, json })
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Body<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Body<T>, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = JsonBody::from_request(req, payload);
        Box::pin(async move { Body::read(body.await?.0) })
    }
}

/// A request's fields from its JSON body when it has one (`Content-Type` set), else from the
/// query string (`GET`, and `DELETE` from clients that put parameters in the URL), read as `T`.
#[derive(Debug)]
pub struct BodyOrQuery<T>(pub Body<T>);

impl<T> Deref for BodyOrQuery<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0.value
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for BodyOrQuery<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<BodyOrQuery<T>, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fields = Fields::from_request(req, payload);
        Box::pin(async move { Body::read((fields.await?.0).0).map(BodyOrQuery) })
    }
}
