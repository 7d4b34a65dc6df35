//! The envelope every `/api` answer travels in: `{statusCode, content, message}`. These are the
//! types the answers are serialised from; the OpenAPI document describes them as they are.

use std::borrow::Cow;
use std::marker::PhantomData;

use domain::FieldError;
use domain::error::Params;
use domain::security::Factors;
use serde::Serialize;
use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Type};
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::ApiCode;

/// Success: statusCode 200 with the operation's `content`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Success<T> {
    /// Always 200.
    #[schema(schema_with = success_code)]
    pub status_code: ApiCode,
    pub content: T,
    /// A text in the caller's language (`User-Lang`).
    pub message: String,
    /// The catalogue key of `message` (`api.…`, in `crates/server/locales`), so that a client
    /// still showing it after the user chose another language can show it in that one.
    pub message_key: &'static str,
}

/// Any answer but success (`statusCode` other than 200).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refusal<'a> {
    /// Any of `StatusCode` but 200.
    #[schema(schema_with = refusal_code)]
    pub status_code: ApiCode,
    pub content: &'a RefusalContent,
    /// A text in the caller's language (`User-Lang`); for 102, the first field error's.
    pub message: String,
    /// The catalogue key of `message`: the server's (`api.…`, in `crates/server/locales`) or the
    /// domain's (`crates/domain/locales`: a field error's `error.…`, a gate's prompt), so that a
    /// client still showing it after the user chose another language can show it in that one.
    pub message_key: String,
    /// The values of the `{placeholders}` in the text of `messageKey` (e.g. `seconds`).
    #[schema(value_type = std::collections::HashMap<String, String>)]
    pub message_params: &'a Params,
}

/// statusCode 200 (an enum of one, so that generated clients tell success from refusal).
fn success_code() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some([ApiCode::Ok.number()]))
}

/// Every statusCode of the catalogue but 200.
fn refusal_code() -> ObjectBuilder {
    let refusals = ApiCode::ALL.iter().filter(|c| **c != ApiCode::Ok);
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some(refusals.map(|c| c.number())))
}

/// What a refusal carries: the field errors (102), the factors to send (103), a fresh quote
/// (112), the wait (429), the harder challenge to solve (428), else nothing.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(untagged)]
pub enum RefusalContent {
    #[default]
    #[schema(title = "Nothing")]
    Nothing,
    #[schema(title = "FieldErrors")]
    FieldErrors(Vec<ShownFieldError>),
    #[schema(title = "Factors")]
    Factors(Factors),
    #[schema(title = "RetryAfter")]
    RetryAfter(RetryAfter),
    #[schema(title = "Challenge")]
    Challenge(altcha::Challenge),
    #[schema(title = "ExchangeQuote")]
    Quote(Box<crate::routes::exchange::items::ExchangeQuote>),
}

/// A field error as the API shows it: the domain's error and its text in the caller's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShownFieldError {
    #[serde(flatten)]
    pub error: FieldError,
    pub message: String,
}

/// The wait before trying again (statusCode 429).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetryAfter {
    /// Seconds.
    pub retry_after: u64,
}

/// The content of an answer that carries none: `null`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Empty;

impl Serialize for Empty {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

impl PartialSchema for Empty {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::Null).into()
    }
}

impl ToSchema for Empty {}

/// How an enveloped operation's answer is documented: [`Success`] with `T`, or a [`Refusal`]
/// (each operation's description says which statusCodes). Only described, never sent: the
/// answers themselves are the two types it names.
#[derive(Debug)]
pub struct Reply<T>(PhantomData<T>);

impl<T: ToSchema> utoipa::__dev::ComposeSchema for Reply<T> {
    fn compose(generics: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        AnyOfBuilder::new()
            .item(<Success<T> as utoipa::__dev::ComposeSchema>::compose(
                generics,
            ))
            .item(Ref::from_schema_name(Refusal::name()))
            .into()
    }
}

/// (utoipa's path macro collects the schemas `T` names; this adds the refusal's.)
impl<T: ToSchema> ToSchema for Reply<T> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Reply")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((Refusal::name().into_owned(), Refusal::schema()));
        Refusal::schemas(schemas);
    }
}
