//! The `statusCode` catalogue (DESIGN §4), written once: the enum, its numbers and what each
//! means. The OpenAPI document's `StatusCode` schema and the web app's generated list both come
//! from here.

use std::fmt::Write as _;

use serde::{Serialize, Serializer};
use serde_json::json;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::{ObjectBuilder, RefOr, Schema, Type};

macro_rules! api_codes {
    ($($variant:ident = $number:literal => $meaning:literal,)*) => {
        /// An answer's `statusCode`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ApiCode { $($variant,)* }

        impl ApiCode {
            /// Every code, in catalogue order.
            pub const ALL: &'static [ApiCode] = &[$(ApiCode::$variant,)*];

            pub const fn number(self) -> u16 {
                match self { $(ApiCode::$variant => $number,)* }
            }

            /// The variant's name, as the document's `x-enum-varnames` gives it.
            pub const fn name(self) -> &'static str {
                match self { $(ApiCode::$variant => stringify!($variant),)* }
            }

            /// What the code means, for the document.
            pub const fn meaning(self) -> &'static str {
                match self { $(ApiCode::$variant => $meaning,)* }
            }
        }
    };
}

api_codes! {
    Ok = 200 => "Success: `content` holds the answer.",
    NotLoggedIn = 101 => "Not logged in, or the session expired: no `Access-Token` (the console's routes: no `Ops-Token`), or a dead one.",
    Validation = 102 => "Validation failed: `content` is the list of field errors (`ShownFieldError`) and `message` the first one's text.",
    VerificationRequired = 103 => "Verification required: `content` (`Factors`) says which of `email` (`emailCaptcha`), `mfa` (`mfaCode`) and `security` (`securityPassword`) the request must carry.",
    VerificationWrong = 104 => "A verification code (e-mail code, authenticator code or security PIN) is wrong, expired or used up.",
    BasicIdentityRequired = 105 => "Basic identity verification required.",
    InvestorRequired = 106 => "Investor certification required.",
    AmlRequired = 107 => "Anti-money-laundering questionnaire required.",
    QiRequired = 108 => "Qualified-investor questionnaire required.",
    AuthenticatorKeyExpired = 109 => "Authenticator binding key expired: start the binding again.",
    MobileNotBound = 110 => "No mobile phone bound.",
    PricesUnavailable = 111 => "The exchange has no price recent enough to quote with: try again in a moment.",
    QuoteExpired = 112 => "The quote expired before it was accepted: `content` is a fresh quote (`ExchangeQuote`) for the same amount, or null when none can be made now.",
    BadRequest = 400 => "Bad request: a captcha solution (`token`) that is missing, wrong, expired or spent; a login ticket that expired; a missing choice. Sent with HTTP 400 when the body cannot be read at all (not `application/json`, malformed, not an object).",
    Forbidden = 403 => "Forbidden: the caller may not do this.",
    NotFound = 404 => "Not found; sent with HTTP 404 for an unknown `/api` route.",
    MethodNotAllowed = 405 => "The route does not answer this method; sent with HTTP 405 and an `Allow` header naming the methods it answers.",
    Conflict = 409 => "Conflict: a duplicate, or an idempotency key replayed with a different body.",
    PayloadTooLarge = 413 => "The body is larger than the server reads; sent with HTTP 413.",
    HarderProofRequired = 428 => "A harder proof of work is needed first: the account is being tried from many clients, and this one has not logged in to it before. `content` is the challenge (`AltchaChallenge`, as `GET /captcha/challenge` answers one, only harder); send the request again with its solution as `token`.",
    Refused = 422 => "Refused by a business rule (e.g. insufficient balance; a wrong e-mail or password at login).",
    TooManyAttempts = 429 => "Too many attempts: `content.retryAfter` (and the `Retry-After` header) gives the seconds to wait.",
    Internal = 500 => "Internal error, sent with HTTP 500; the cause is logged, never shown.",
}

impl ApiCode {
    pub fn from_number(number: u16) -> Option<ApiCode> {
        Self::ALL.iter().copied().find(|c| c.number() == number)
    }
}

impl Serialize for ApiCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.number())
    }
}

/// Documented as `StatusCode`: the numbers, with each one's name and meaning.
impl utoipa::PartialSchema for ApiCode {
    fn schema() -> RefOr<Schema> {
        let mut description = String::from(
            "The outcome of an `/api` call. 200 is success; every other code is a refusal, \
             answered with HTTP 200 unless it says otherwise.\n",
        );
        for code in ApiCode::ALL {
            let _ = write!(
                description,
                "\n- `{}` {}: {}",
                code.number(),
                code.name(),
                code.meaning()
            );
        }
        let names: Vec<&str> = ApiCode::ALL.iter().map(|c| c.name()).collect();
        let meanings: Vec<&str> = ApiCode::ALL.iter().map(|c| c.meaning()).collect();
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .enum_values(Some(ApiCode::ALL.iter().map(|c| c.number())))
            .description(Some(description))
            .extensions(Some(
                ExtensionsBuilder::new()
                    .add("x-enum-varnames", json!(names))
                    .add("x-enum-descriptions", json!(meanings))
                    .build(),
            ))
            .into()
    }
}

impl utoipa::ToSchema for ApiCode {
    fn name() -> std::borrow::Cow<'static, str> {
        "StatusCode".into()
    }
}
