//! `GET /api/openapi.json`: the OpenAPI 3.1 document of every endpoint.
//!
//! The whole document lives here; the handlers carry no annotations. The request bodies and
//! `content` shapes below mirror the handlers in `routes/`. The tests hold the document to the
//! route table ([`crate::routes::ROUTES`]) both ways, resolve every `$ref`, and call each route
//! without a session to check that exactly the operations marked with `Access-Token` need one
//! and that exactly the ones documented with the envelope answer it.

use std::fmt::Write as _;
use std::sync::LazyLock;

use actix_web::HttpResponse;
use actix_web::http::header::ContentType;
use serde_json::json;
use utoipa::ToSchema;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::path::{Operation, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{AnyOfBuilder, SchemaType};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{
    AllOfBuilder, ArrayBuilder, ComponentsBuilder, ContentBuilder, HttpMethod, InfoBuilder,
    ObjectBuilder, OneOfBuilder, OpenApi, OpenApiBuilder, PathItem, PathsBuilder, Ref, RefOr,
    Required, ResponseBuilder, Schema, SecurityRequirement, ServerBuilder, Type,
};

use crate::api::ApiCode;

/// The name of the `Access-Token` security scheme.
const SESSION: &str = "accessToken";

/// `GET /api/openapi.json`: the bare document (not the envelope).
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

// ---------------------------------------------------------------------------------------------
// The statusCode catalogue (DESIGN §4).

macro_rules! catalogue {
    ($($variant:ident => $text:literal,)*) => {
        /// Every `statusCode` with its meaning, in the order the document lists them.
        const STATUS_CODES: &[(ApiCode, &str, &str)] =
            &[$((ApiCode::$variant, stringify!($variant), $text),)*];
        // Stops compiling when `ApiCode` gains a variant the catalogue does not describe.
        const _: fn(ApiCode) = |code| match code {
            $(ApiCode::$variant)|* => {}
        };
    };
}

catalogue! {
    Ok => "Success: `content` holds the answer.",
    NotLoggedIn => "Not logged in, or the session expired: no `Access-Token`, or a dead one. Also a login ticket (`accountId`) that is unknown, expired or asks for no e-mail code.",
    Validation => "Validation failed: `content` is the list of field errors (`FieldError`) and `message` the first one's text.",
    VerificationRequired => "Verification required: `content` (`Factors`) says which of `email` (`emailCaptcha`), `mfa` (`mfaCode`) and `security` (`securityPassword`) the request must carry.",
    VerificationWrong => "A verification code (e-mail code, authenticator code or security PIN) is wrong, expired or used up.",
    BasicIdentityRequired => "Basic identity verification required.",
    InvestorRequired => "Investor certification required.",
    AmlRequired => "Anti-money-laundering questionnaire required.",
    QiRequired => "Qualified-investor questionnaire required.",
    AuthenticatorKeyExpired => "Authenticator binding key expired: start the binding again.",
    MobileNotBound => "No mobile phone bound.",
    BadRequest => "Bad request: a captcha solution (`token`) that is missing, wrong, expired or spent; a login ticket that expired; a missing choice. Sent with HTTP 400 when the body cannot be read at all (not `application/json`, malformed, not an object) and HTTP 413 when it is too large.",
    Forbidden => "Forbidden: the session's user may not do this.",
    NotFound => "Not found; sent with HTTP 404 for an unknown `/api` route.",
    Conflict => "Conflict: a duplicate, or an idempotency key replayed with a different body.",
    Refused => "Refused by a business rule (e.g. insufficient balance; a wrong e-mail or password at login).",
    TooManyAttempts => "Too many attempts: `content.retryAfter` (and the `Retry-After` header) gives the seconds to wait.",
    Internal => "Internal error, sent with HTTP 500; the cause is logged, never shown.",
}

fn status_code_schema() -> Schema {
    let numbers: Vec<u16> = STATUS_CODES.iter().map(|(c, ..)| c.number()).collect();
    let names: Vec<&str> = STATUS_CODES.iter().map(|(_, name, _)| *name).collect();
    let texts: Vec<&str> = STATUS_CODES.iter().map(|(.., text)| *text).collect();
    let mut description = String::from(
        "The outcome of an `/api` call. 200 is success; every other code is a refusal, \
         answered with HTTP 200 unless it says otherwise.\n",
    );
    for (code, name, text) in STATUS_CODES {
        let _ = write!(description, "\n- `{}` {name}: {text}", code.number());
    }
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some(numbers))
        .description(Some(description))
        .extensions(Some(
            ExtensionsBuilder::new()
                .add("x-enum-varnames", json!(names))
                .add("x-enum-descriptions", json!(texts))
                .build(),
        ))
        .into()
}

fn envelope_schema() -> Schema {
    ObjectBuilder::new()
        .description(Some(
            "Every `/api` answer: `{statusCode, content, message}` (except the operations that \
             say they answer a bare document). HTTP 200 for every handled outcome, refusals \
             included; real HTTP codes only for transport-level failures.",
        ))
        .property("statusCode", Ref::from_schema_name("StatusCode"))
        .required("statusCode")
        .property(
            "content",
            ObjectBuilder::new()
                .schema_type(SchemaType::AnyValue)
                .description(Some(
                    "The answer on success (each operation gives its shape); on a refusal, \
                     see `Refusal`.",
                )),
        )
        .required("content")
        .property(
            "message",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("A text in the caller's language (`User-Lang`).")),
        )
        .required("message")
        .into()
}

/// The request bodies and `content` shapes, as the handlers read and write them. Described,
/// never built.
#[allow(dead_code)]
mod shapes {
    use std::collections::HashMap;

    use utoipa::ToSchema;

    // ---------------------------------------------------------------------------------------------
    // Request bodies.

    /// `POST user/login`, step 1.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct LoginRequest {
        #[schema(format = Email, max_length = 254)]
        email: String,
        #[schema(format = Password)]
        password: String,
        /// A solution of `GET /captcha/challenge` (a base64 ALTCHA payload); single use.
        token: String,
    }

    /// `POST user/login`, step 2: the codes the ticket asks for (`email` → `emailCaptcha`, `mfa` →
    /// `mfaCode`, `security` → `securityPassword`); the others may be left out.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct LoginVerification {
        /// The ticket step 1 answered.
        account_id: String,
        /// The e-mail code (6 digits), mailed by `POST user/captcha {accountId}`.
        #[schema(pattern = "^[0-9]{6}$")]
        email_captcha: Option<String>,
        /// The authenticator code (6 digits).
        #[schema(pattern = "^[0-9]{6}$")]
        mfa_code: Option<String>,
        /// The security PIN (6 digits).
        #[schema(pattern = "^[0-9]{6}$", format = Password)]
        security_password: Option<String>,
    }

    /// Register and recover, step 1: mails a code.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct EmailStep {
        #[schema(format = Email, max_length = 254)]
        email: String,
        /// A solution of `GET /captcha/challenge` (a base64 ALTCHA payload); single use.
        token: String,
    }

    /// Register and recover, step 2: the mailed code and the new password twice.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct NewPasswordStep {
        #[schema(format = Email, max_length = 254)]
        email: String,
        /// The e-mail code (6 digits).
        #[schema(pattern = "^[0-9]{6}$")]
        email_captcha: String,
        /// 8 to 128 characters, at least one letter and one digit.
        #[schema(format = Password, min_length = 8, max_length = 128)]
        password: String,
        /// Equal to `password`.
        #[schema(format = Password)]
        confirm: String,
    }

    /// `POST user/captcha` during a login: mails the code the ticket asks for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct LoginCodeRequest {
        /// The ticket `POST user/login` answered.
        account_id: String,
    }

    /// `POST user/captcha` during registration or recovery: mails the code again.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct ResendCodeRequest {
        #[schema(format = Email, max_length = 254)]
        email: String,
        /// A solution of `GET /captcha/challenge` (a base64 ALTCHA payload); single use.
        token: String,
        purpose: CodePurpose,
    }

    /// `POST user/captcha` with a session: a code to the user's own address, for step-up
    /// verification (`emailCaptcha` of a sensitive action).
    #[derive(ToSchema)]
    pub(super) struct VerifyCodeRequest {
        /// Always "verify".
        purpose: String,
    }

    /// Set or change the 6-digit security PIN, with the step-up fields the policy asks for
    /// (statusCode 103 says which).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct SetPinRequest {
        /// The new PIN: 6 digits, not repeated or consecutive.
        #[schema(pattern = "^[0-9]{6}$")]
        password: String,
        confirm: String,
        email_captcha: Option<String>,
        mfa_code: Option<String>,
        /// The current PIN, when changing it.
        security_password: Option<String>,
    }

    /// Change the login password, with the step-up fields the policy asks for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct ChangePasswordRequest {
        old_password: String,
        #[schema(min_length = 8, max_length = 128)]
        password: String,
        /// Checked when sent.
        confirm: Option<String>,
        email_captcha: Option<String>,
        mfa_code: Option<String>,
        security_password: Option<String>,
    }

    /// Which flow the code is for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) enum CodePurpose {
        Register,
        ForgetPassword,
    }

    // ---------------------------------------------------------------------------------------------
    // Answers (`content`).

    /// A session: send `token` as `Access-Token`. The flags are all false.
    #[derive(ToSchema)]
    pub(super) struct Session {
        token: String,
        email: bool,
        mfa: bool,
        security: bool,
    }

    /// Login step 1 when the user's login settings ask for more: the factors step 2 must carry,
    /// and the ticket (`accountId`) it must name.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct LoginVerificationRequired {
        email: bool,
        mfa: bool,
        security: bool,
        account_id: String,
    }

    /// An e-mail code was asked for. The same answer whether or not the address has an account
    /// (`email` is always true, the others false).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CodeSent {
        email: bool,
        mfa: bool,
        security: bool,
        /// Seconds before another code may be asked for.
        resend_after: u64,
    }

    /// A login code was mailed.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct ResendAfter {
        /// Seconds before another code may be asked for.
        resend_after: u64,
    }

    /// The user's own data (SPEC §3 "User").
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct Profile {
        uuid: String,
        email: String,
        #[schema(required = true)]
        mobile: Option<String>,
        /// Calling code, digits only.
        #[schema(required = true)]
        mobile_code: Option<String>,
        /// ISO 3166-1 alpha-2.
        #[schema(required = true)]
        mobile_country: Option<String>,
        /// ISO 3166-1 alpha-2.
        #[schema(required = true)]
        country: Option<String>,
        #[schema(required = true)]
        last_name: Option<String>,
        #[schema(required = true)]
        first_name: Option<String>,
        /// Basic identity: 0 not started, 1 approved, 2 in review, 3 rejected.
        #[schema(minimum = 0, maximum = 3)]
        status: i32,
        investor: InvestorStatus,
        /// AML questionnaire status (0 not started, 1 approved, 2 in review, 3 rejected).
        #[schema(minimum = 0, maximum = 3)]
        aml: i32,
        /// Qualified-investor questionnaire status (0 not started, 1 approved, 2 in review, 3
        /// rejected).
        #[schema(minimum = 0, maximum = 3)]
        qualify: i32,
        /// `user` or `operator`.
        role: String,
        /// The user's language (`en-US` or `zh-HK`).
        locale: String,
    }

    /// Investor certification.
    #[derive(ToSchema)]
    pub(super) struct InvestorStatus {
        /// 0 not started, 1 approved, 2 in review, 3 rejected.
        #[schema(minimum = 0, maximum = 3)]
        status: i32,
    }

    /// The security configuration (SPEC §3 "Security config").
    #[derive(ToSchema)]
    pub(super) struct SecurityConfig {
        /// A security PIN is set.
        security: bool,
        /// Bound authenticators.
        mfa: Vec<AuthenticatorEntry>,
        login: LoginSwitches,
        trade: TradeSwitches,
        /// A mobile is bound (beyond the spec; the number is in `user/self`).
        mobile: bool,
    }

    /// A live session of the user.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct SessionEntry {
        id: String,
        /// The browser's user agent.
        device: String,
        ip: String,
        /// UTC milliseconds since the Unix epoch.
        create_time: i64,
        /// UTC milliseconds since the Unix epoch.
        last_seen_time: i64,
        /// The session making this request.
        current: bool,
    }

    /// Which session to sign out.
    #[derive(ToSchema)]
    pub(super) struct SessionId {
        id: String,
    }

    /// How many sessions were signed out.
    #[derive(ToSchema)]
    pub(super) struct Revoked {
        revoked: i64,
    }

    /// One entry of the security history.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct SecurityEvent {
        id: String,
        /// registered, login_succeeded, login_failed, login_locked, logout, password_reset,
        /// session_revoked, other_sessions_revoked, pin_set, pin_changed, password_changed,
        /// authenticator_bound, authenticator_removed, switch_changed, mobile_bound, card_issued,
        /// card_revealed, card_frozen, card_unfrozen, card_cancelled.
        kind: String,
        ip: String,
        /// The browser's user agent.
        device: String,
        /// UTC milliseconds since the Unix epoch.
        create_time: i64,
    }

    /// A page of the security history.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct SecurityEventPage {
        list: Vec<SecurityEvent>,
        total_page: i64,
        total_count: i64,
    }

    /// A bound authenticator.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct AuthenticatorEntry {
        id: String,
        /// The device name.
        remark: String,
        /// UTC milliseconds since the Unix epoch.
        create_time: i64,
    }

    /// A binding key for an authenticator app.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct AuthenticatorKey {
        /// The secret in base32 (RFC 4648, no padding), to type into the app.
        secret_key: String,
        /// A `data:image/svg+xml;base64,…` QR code of the `otpauth://totp/…` URI (issuer
        /// fiscard, account the user's e-mail, SHA1, 6 digits, 30 s).
        code_img_url: String,
        /// When the key expires (UTC milliseconds); binding after it answers 109.
        expire_time: i64,
    }

    /// Bind the key just issued: its current code and a device name.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct BindAuthenticatorRequest {
        /// The code the app shows for the new key (6 digits).
        #[schema(pattern = "^[0-9]{6}$")]
        mfa_code: String,
        /// The device name, at most 16 characters.
        #[schema(max_length = 16)]
        remark: String,
    }

    /// Remove an authenticator, with the step-up fields the policy asks for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct RemoveAuthenticatorRequest {
        /// The authenticator's `id`.
        mfa_id: String,
        email_captcha: Option<String>,
        /// A code of any bound authenticator (this one included).
        mfa_code: Option<String>,
    }

    /// Turn one protection on or off, with the step-up fields the policy asks for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct SwitchRequest {
        /// 1 on, 0 off.
        #[schema(minimum = 0, maximum = 1)]
        usage: i32,
        /// `login` or `trade`.
        module: String,
        /// `email`, `mfa` or `security` (trade only).
        target: String,
        email_captcha: Option<String>,
        mfa_code: Option<String>,
    }

    /// Bind or replace the mobile; the codes are required as the policy says (a missing one is
    /// a field error).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct BindMobileRequest {
        /// ISO 3166-1 alpha-2.
        mobile_country: String,
        /// The country's calling code ("+852", "852").
        mobile_code: String,
        /// The number; spaces, hyphens and brackets allowed.
        mobile: String,
        /// 6 digits, when an authenticator is bound.
        mfa_code: Option<String>,
        /// 6 digits.
        email_captcha: Option<String>,
    }

    /// The bound mobile.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct MobileBound {
        /// E.164, e.g. "+85291234567".
        mobile: String,
        /// Calling code, digits only.
        mobile_code: String,
        /// ISO 3166-1 alpha-2.
        mobile_country: String,
    }

    /// What a login asks for besides the password.
    #[derive(ToSchema)]
    pub(super) struct LoginSwitches {
        email: bool,
        mfa: bool,
    }

    /// What a trade asks for.
    #[derive(ToSchema)]
    pub(super) struct TradeSwitches {
        email: bool,
        mfa: bool,
        security: bool,
    }

    /// One of the user's accounts (SPEC §3 "Account balance entry").
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct BalanceEntry {
        /// `MainAccount` or `BankAccount` (funded by wires; cards are recharged from it).
        account_type: String,
        /// Exact decimal text, e.g. "1250.00".
        balance: String,
        assets: Vec<BalanceAsset>,
    }

    /// An asset of an account.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct BalanceAsset {
        /// `USD`.
        coin_code: String,
        /// `available`.
        #[schema(rename = "type")]
        kind: String,
        /// Exact decimal text.
        amount: String,
    }

    /// A BIN a card can be applied for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct BinItem {
        /// 6 to 8 digits.
        bin: String,
        /// The issuing region (ISO 3166-1 alpha-2).
        location_code: String,
        /// The card scheme (VISA, Mastercard…).
        org_name: String,
        /// `USD`.
        currency: String,
        /// The limits its cards get.
        limits: CardLimits,
        /// Fractions (0.01 = 1%), copied to each card issued under it.
        recharge_rate: String,
        payment_rate: String,
        exchange_rate: String,
        refund_rate: String,
    }

    /// The BINs on offer.
    #[derive(ToSchema)]
    pub(super) struct BinList {
        items: Vec<BinItem>,
    }

    /// Apply for a card.
    #[derive(ToSchema)]
    pub(super) struct ApplyRequest {
        /// One of `fiscard/bins`.
        bin: String,
    }

    /// The three spending limits, exact decimal text in the card's currency.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CardLimits {
        per_transaction: String,
        daily: String,
        monthly: String,
    }

    /// A card (SPEC §3). Amounts are exact decimal text; rates are fractions (0.01 = 1%).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CardItem {
        card_key: String,
        /// First 6 and last 4 digits, grouped by 4.
        mask_card_no: String,
        /// What the card can spend.
        card_balance: String,
        /// What pending authorizations hold.
        held_balance: String,
        currency: String,
        org_name: String,
        /// ISO 3166-1 alpha-2.
        location: String,
        /// normal, frozen, expired (cancelled cards are not listed).
        card_status: String,
        /// Milliseconds since the epoch.
        create_time: i64,
        bin: String,
        /// The per-transaction limit.
        max_on_percent: String,
        limits: CardLimits,
        recharge_rate: String,
        payment_rate: String,
        exchange_rate: String,
        refund_rate: String,
    }

    /// A page of cards.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CardPage {
        list: Vec<CardItem>,
        total_page: i64,
        total_count: i64,
    }

    /// A card, with the verification fields the trade policy asks for.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CardRequest {
        card_key: String,
        email_captcha: Option<String>,
        mfa_code: Option<String>,
        security_password: Option<String>,
    }

    /// A card's details: shown once, never cached.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CardDetails {
        /// The full number.
        card_no: String,
        cvv: String,
        /// MM/YY.
        expiration_date: String,
        bill_address: String,
    }

    /// Recharge a card from the USD account.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct RechargeRequest {
        card_key: String,
        /// USD, at most 2 decimals, above zero.
        amount: String,
        email_captcha: Option<String>,
        mfa_code: Option<String>,
        security_password: Option<String>,
    }

    /// A card order (SPEC §3).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct OrderItem {
        id: String,
        card_key: String,
        mask_card_no: String,
        /// DEPOSIT (recharge) or CANCEL.
        #[schema(rename = "type")]
        kind: String,
        amount: String,
        currency: String,
        fee: String,
        /// 0, 1, 5 processing; 2 completed; 3 failed; 4 cancelled.
        status: i64,
        create_time: i64,
    }

    /// A done recharge.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct Recharged {
        order: OrderItem,
        /// Amount less fee.
        credited: String,
        card_balance: String,
        /// What is left in the USD account.
        available_balance: String,
    }

    /// A done cancellation.
    #[derive(ToSchema)]
    pub(super) struct Cancelled {
        order: OrderItem,
    }

    /// The card's new status.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct CardStatusChanged {
        card_status: String,
    }

    /// A page of orders.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct OrderPage {
        list: Vec<OrderItem>,
        total_page: i64,
        total_count: i64,
    }

    /// A card transaction (SPEC §3). Amounts are exact decimal text.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct TransactionItem {
        transaction_id: String,
        origin_transaction_id: Option<String>,
        /// auth, void, refund, verfication, corrective_auth.
        transaction_type: String,
        /// pending, authorized, succeed, failed, void.
        status: String,
        merchant_name_location: String,
        /// When it happened (ms).
        create_at: i64,
        /// When it reached the platform (ms).
        create_time: i64,
        account_gross_amount: String,
        account_currency: String,
        transaction_amount: String,
        transaction_currency: String,
        transaction_fee_amount: String,
        transaction_fee_currency: String,
        conversion_fee_amount: String,
        conversion_fee_currency: String,
        cross_broad_fee_amount: String,
        cross_broad_fee_currency: String,
        refund_fee_amount: String,
        refund_fee_currency: String,
        /// The approval code of an approved authorization.
        check_code: Option<String>,
        /// Why an authorization was declined.
        decline_reason: Option<String>,
    }

    /// A page of transactions.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct TransactionPage {
        list: Vec<TransactionItem>,
        total_page: i64,
        total_count: i64,
    }

    /// An issuer event. Amounts are decimal text.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct IssuerEvent {
        /// authorization, clearing, void, refund, verification, corrective_auth.
        event: String,
        /// The network's id; for a clearing, the authorization's.
        transaction_id: String,
        /// What a void, reversal or refund refers to.
        origin_transaction_id: Option<String>,
        card_key: String,
        /// In `currency`.
        amount: Option<String>,
        /// ISO 4217; the card's when absent.
        currency: Option<String>,
        /// In the card's currency (the network's conversion); required when `currency`
        /// differs from it.
        billing_amount: Option<String>,
        merchant: Option<String>,
        /// Milliseconds since the epoch.
        occurred_at: Option<i64>,
    }

    /// Where to wire USD to fund the account.
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct WireDeposit {
        bank_name: String,
        /// ISO 3166-1 alpha-2.
        bank_country: String,
        bank_address: String,
        aba_number: String,
        swift_code: String,
        account_number: String,
        account_name: String,
        account_address: String,
        /// The user's uid: the wire's memo, without which it cannot be matched and may be
        /// refunded.
        memo: String,
        /// `USD`.
        currency: String,
    }

    /// A country (ISO 3166-1).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct Country {
        /// Alpha-2, e.g. "US": the code every API field carries.
        code: String,
        /// Alpha-3, e.g. "USA".
        code2: String,
        /// The English name.
        name: String,
        #[schema(rename = "simplifiedCN")]
        simplified_cn: String,
        #[schema(rename = "traditionalCN")]
        traditional_cn: String,
        /// Calling code, digits only ("1", "852").
        mobile_code: String,
    }

    /// An ALTCHA challenge (bare, not in the envelope). Solve it with any standard ALTCHA client and
    /// send the solution as `token`.
    #[derive(ToSchema)]
    pub(super) struct AltchaChallenge {
        /// Always `SHA-256`.
        algorithm: String,
        /// Lowercase hex of SHA-256(salt + number).
        challenge: String,
        /// The largest number to try.
        maxnumber: u64,
        /// `<random hex>?expires=<unix seconds>&`.
        salt: String,
        /// Lowercase hex of HMAC-SHA-256(key, challenge).
        signature: String,
    }

    /// One field error (statusCode 102).
    #[derive(ToSchema)]
    pub(super) struct FieldError {
        /// The request field in camelCase, or "" for the whole request.
        field: String,
        /// A stable snake_case error code.
        code: String,
        /// Values filled into the message.
        params: HashMap<String, String>,
        /// The text in the caller's language.
        message: String,
    }

    /// The factors a request must carry (statusCode 103).
    #[derive(ToSchema)]
    pub(super) struct Factors {
        /// An e-mail code (`emailCaptcha`).
        email: bool,
        /// An authenticator code (`mfaCode`).
        mfa: bool,
        /// The security PIN (`securityPassword`).
        security: bool,
    }

    /// The wait before trying again (statusCode 429).
    #[derive(ToSchema)]
    #[schema(rename_all = "camelCase")]
    pub(super) struct RetryAfter {
        /// Seconds.
        retry_after: u64,
    }

    /// `GET /healthz`.
    #[derive(ToSchema)]
    pub(super) struct Health {
        /// `ok` or `error`.
        status: String,
        /// `ok` or `unreachable`.
        database: String,
    }
}

/// Any answer other than success.
fn refusal_schema() -> Schema {
    AllOfBuilder::new()
        .description(Some(
            "A refusal: any statusCode but 200. `content` is `FieldError[]` for 102, `Factors` \
             for 103, `RetryAfter` for 429, otherwise null.",
        ))
        .item(Ref::from_schema_name("Envelope"))
        .item(
            ObjectBuilder::new().property(
                "content",
                one_of([
                    ArrayBuilder::new()
                        .items(Ref::from_schema_name(shapes::FieldError::name()))
                        .into(),
                    schema::<shapes::Factors>(),
                    schema::<shapes::RetryAfter>(),
                    null(),
                ]),
            ),
        )
        .into()
}

/// Success: statusCode 200 with `content`.
fn success_schema(content: RefOr<Schema>) -> RefOr<Schema> {
    AllOfBuilder::new()
        .item(Ref::from_schema_name("Envelope"))
        .item(
            ObjectBuilder::new()
                .property(
                    "statusCode",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .enum_values(Some([200])),
                )
                .property("content", content),
        )
        .into()
}

// ---------------------------------------------------------------------------------------------
// Operations.

/// What an operation answers with HTTP 200.
enum Answer {
    /// The envelope, with this `content` on success.
    Envelope(RefOr<Schema>),
    /// A bare document.
    Bare(&'static str, RefOr<Schema>),
}

/// One documented operation.
struct Op {
    /// As in [`crate::routes::ROUTES`].
    method: &'static str,
    path: &'static str,
    id: &'static str,
    tag: &'static str,
    summary: &'static str,
    description: &'static str,
    /// Needs a session (`Access-Token`): the handler takes `CurrentUser`.
    session: bool,
    /// Takes the paging query parameters `pageID` and `pageSize`.
    paged: bool,
    /// Other optional text parameters of the query string: name and description.
    query: &'static [(&'static str, &'static str)],
    body: Option<RefOr<Schema>>,
    answer: Answer,
}

fn schema<T: ToSchema>() -> RefOr<Schema> {
    Ref::from_schema_name(T::name()).into()
}

fn one_of(items: impl IntoIterator<Item = RefOr<Schema>>) -> RefOr<Schema> {
    items
        .into_iter()
        .fold(OneOfBuilder::new(), OneOfBuilder::item)
        .into()
}

fn null() -> RefOr<Schema> {
    ObjectBuilder::new().schema_type(Type::Null).into()
}

/// Every operation under `/api`.
#[allow(clippy::too_many_lines)] // one table
fn api_operations() -> Vec<Op> {
    vec![
        Op {
            method: "get",
            path: "/captcha/challenge",
            id: "captchaChallenge",
            tag: "captcha",
            summary: "An ALTCHA proof-of-work challenge",
            description: "Answers the **bare ALTCHA challenge object, not the \
                `{statusCode, content, message}` envelope**, so that a standard ALTCHA client can \
                use this URL as its `challengeurl`. The solution (a base64 ALTCHA payload) goes \
                as `token` to `user/login`, `user/register`, `user/forgetPassword` and \
                `user/captcha`; it expires and is accepted once. Sent with \
                `Cache-Control: no-store`.",
            session: false,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Bare("The challenge.", schema::<shapes::AltchaChallenge>()),
        },
        Op {
            method: "post",
            path: "/user/captcha",
            id: "sendEmailCode",
            tag: "auth",
            summary: "Mail an e-mail code (silent)",
            description: "Three request shapes:\n\n\
                - `{accountId}`: the second step of a login whose ticket asks for an e-mail \
                code; mails it to the ticket's address and answers `{resendAfter}`. 400 when \
                the ticket is unknown, expired or asks for no e-mail code.\n\
                - `{email, token, purpose}`: a resend during registration (`register`) or \
                recovery (`forgetPassword`); spends the captcha `token` and answers as step 1 \
                of those calls does, whatever the address.\n\
                - `{purpose: \"verify\"}` with a session (`Access-Token`): a code to the \
                user's own address for step-up verification; 101 without a session.\n\n\
                statusCodes: 200, 101, 102 (e-mail), 400 (captcha, ticket, or no valid \
                `purpose`), 429 (resend cooldown or too many codes).",
            session: false,
            paged: false,
            query: &[],
            body: Some(one_of([
                schema::<shapes::LoginCodeRequest>(),
                schema::<shapes::ResendCodeRequest>(),
                schema::<shapes::VerifyCodeRequest>(),
            ])),
            answer: Answer::Envelope(one_of([
                schema::<shapes::ResendAfter>(),
                schema::<shapes::CodeSent>(),
            ])),
        },
        Op {
            method: "post",
            path: "/user/register",
            id: "register",
            tag: "auth",
            summary: "Register: mail a code, then create the account",
            description: "Step 1 `{email, token}` (no `emailCaptcha` nor `password`): spends the \
                captcha and mails a code to a new address, or a notice to one that already has \
                an account; the answer (`CodeSent`) is the same either way.\n\n\
                Step 2 `{email, emailCaptcha, password, confirm}`: checks the code, creates the \
                account and opens a session (`Session`).\n\n\
                statusCodes: 200, 102, 104 (wrong, expired or used-up code), 400 (captcha), 429.",
            session: false,
            paged: false,
            query: &[],
            body: Some(one_of([
                schema::<shapes::EmailStep>(),
                schema::<shapes::NewPasswordStep>(),
            ])),
            answer: Answer::Envelope(one_of([
                schema::<shapes::CodeSent>(),
                schema::<shapes::Session>(),
            ])),
        },
        Op {
            method: "post",
            path: "/user/login",
            id: "login",
            tag: "auth",
            summary: "Log in: password, then the codes the user's settings ask for",
            description: "Step 1 `{email, password, token}`: spends the captcha, applies the \
                attempt limits and checks the password. Answers a session (`Session`) or, when \
                the user's login settings ask for more, the factors needed and a ticket \
                (`LoginVerificationRequired`, still statusCode 200); then `POST user/captcha \
                {accountId}` mails the e-mail code.\n\n\
                Step 2 `{accountId, emailCaptcha, mfaCode, securityPassword}` (chosen by \
                `accountId`): checks the codes the ticket asks for and answers a `Session`.\n\n\
                An unknown address and a wrong password get the same answer (422).\n\n\
                statusCodes: 200, 102, 104 (step 2), 400 (captcha; step 2: ticket expired), \
                422, 429 (locked for a while).",
            session: false,
            paged: false,
            query: &[],
            body: Some(one_of([
                schema::<shapes::LoginRequest>(),
                schema::<shapes::LoginVerification>(),
            ])),
            answer: Answer::Envelope(one_of([
                schema::<shapes::Session>(),
                schema::<shapes::LoginVerificationRequired>(),
            ])),
        },
        Op {
            method: "post",
            path: "/user/forgetPassword",
            id: "forgetPassword",
            tag: "auth",
            summary: "Recover: mail a code, then set a new password",
            description: "Step 1 `{email, token}` (no `emailCaptcha` nor `password`): spends the \
                captcha and mails a code when the address has an account; the answer \
                (`CodeSent`) is the same when it has none.\n\n\
                Step 2 `{email, emailCaptcha, password, confirm}`: checks the code, sets the new \
                password, ends every session of the account and mails its holder; `content` is \
                null.\n\n\
                statusCodes: 200, 102, 104, 400 (captcha), 429.",
            session: false,
            paged: false,
            query: &[],
            body: Some(one_of([
                schema::<shapes::EmailStep>(),
                schema::<shapes::NewPasswordStep>(),
            ])),
            answer: Answer::Envelope(one_of([schema::<shapes::CodeSent>(), null()])),
        },
        Op {
            method: "post",
            path: "/user/logout",
            id: "logout",
            tag: "auth",
            summary: "Log out (silent)",
            description: "Ends the current session. No body. statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(null()),
        },
        Op {
            method: "get",
            path: "/user/self",
            id: "showSelf",
            tag: "user",
            summary: "The user's own data",
            description: "statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::Profile>()),
        },
        Op {
            method: "get",
            path: "/user/config",
            id: "showSecurityConfig",
            tag: "user",
            summary: "The user's security configuration",
            description: "The security PIN flag, the bound authenticators, and what a login and a \
                trade ask for. statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::SecurityConfig>()),
        },
        Op {
            method: "post",
            path: "/user/config/switch",
            id: "changeSecuritySwitch",
            tag: "user",
            summary: "Turn one login or trade protection on or off",
            description: "`usage` 1 turns `target` of `module` on, 0 off. Turning the \
                authenticator on needs one bound, the PIN a PIN set; the PIN has no login \
                switch (102 on `target`). Asks for the e-mail code (and an authenticator code \
                when one is bound): 103 says which. Mails a notice. statusCodes: 200, 101, 102, \
                103, 104, 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::SwitchRequest>()),
            answer: Answer::Envelope(null()),
        },
        Op {
            method: "get",
            path: "/user/config/mfa/key",
            id: "issueAuthenticatorKey",
            tag: "user",
            summary: "A binding key for an authenticator app",
            description: "Step-up verification first, its fields in the query (the e-mail code; \
                a bound authenticator's code too when one is bound): without them 103 says \
                which. Then a new secret, valid 10 minutes, replacing any key issued before. \
                statusCodes: 200, 101, 102, 103, 104, 429.",
            session: true,
            paged: false,
            query: &[
                ("emailCaptcha", "The e-mail code (6 digits)."),
                ("mfaCode", "A bound authenticator's code (6 digits)."),
            ],
            body: None,
            answer: Answer::Envelope(schema::<shapes::AuthenticatorKey>()),
        },
        Op {
            method: "post",
            path: "/user/config/mfa/key",
            id: "bindAuthenticator",
            tag: "user",
            summary: "Bind the authenticator whose key was just issued",
            description: "`mfaCode` must be the key's current code (±30 s). The key is spent; \
                the answer is the new `AuthenticatorEntry`; the account holder is mailed. \
                statusCodes: 200, 101, 102, 104 (wrong code), 109 (no key, or it expired), \
                429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::BindAuthenticatorRequest>()),
            answer: Answer::Envelope(schema::<shapes::AuthenticatorEntry>()),
        },
        Op {
            method: "delete",
            path: "/user/config/mfa/key",
            id: "removeAuthenticator",
            tag: "user",
            summary: "Remove an authenticator",
            description: "Fields in a JSON body or in the query. At least one authenticator \
                must remain (422); another user's id is unknown (404). Asks for the e-mail code \
                and an authenticator code (103 says which). Mails a notice. statusCodes: 200, \
                101, 102, 103, 104, 404, 422, 429.",
            session: true,
            paged: false,
            query: &[
                ("mfaId", "The authenticator's id."),
                ("emailCaptcha", "The e-mail code (6 digits)."),
                ("mfaCode", "A bound authenticator's code (6 digits)."),
            ],
            body: Some(schema::<shapes::RemoveAuthenticatorRequest>()),
            answer: Answer::Envelope(null()),
        },
        Op {
            method: "post",
            path: "/user/mobile/bind",
            id: "bindMobile",
            tag: "user",
            summary: "Bind or replace the mobile number",
            description: "The dial code must be the country's; the number is stored in E.164. \
                A number bound to another account is refused (409, checked after the codes). \
                Mails a notice. statusCodes: 200, 101, 102, 104, 409, 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::BindMobileRequest>()),
            answer: Answer::Envelope(schema::<shapes::MobileBound>()),
        },
        Op {
            method: "get",
            path: "/user/verification/factors",
            id: "showVerificationFactors",
            tag: "user",
            summary: "The factors an action needs now",
            description: "For `action` (login, recharge, revealCard, bankAccountAdd, \
                bankAccountDelete, withdraw, switchChange, authenticatorBind, \
                authenticatorRemove, pinSet, pinChange, passwordChange, mobileBind): what a \
                103 for it would say, from the user's current settings. statusCodes: 200, 101, \
                102 (no or unknown action).",
            session: true,
            paged: false,
            query: &[("action", "The action.")],
            body: None,
            answer: Answer::Envelope(schema::<shapes::Factors>()),
        },
        Op {
            method: "get",
            path: "/user/country/list",
            id: "listCountries",
            tag: "user",
            summary: "Every country (silent)",
            description: "Every ISO 3166-1 country with its calling code and names, sorted by \
                alpha-2 code. No session needed. statusCodes: 200.",
            session: false,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(
                ArrayBuilder::new()
                    .items(Ref::from_schema_name(shapes::Country::name()))
                    .into(),
            ),
        },
        Op {
            method: "get",
            path: "/user/sessions",
            id: "listSessions",
            tag: "user",
            summary: "The user's live sessions",
            description: "Every session of the user that is still live, most recently used \
                first; `current` marks the one making the request. statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(
                ArrayBuilder::new()
                    .items(Ref::from_schema_name(shapes::SessionEntry::name()))
                    .into(),
            ),
        },
        Op {
            method: "post",
            path: "/user/sessions/revoke",
            id: "revokeSession",
            tag: "user",
            summary: "Sign one session out",
            description: "Ends one of the user's own sessions (the current one too). Another \
                user's session is answered as unknown. statusCodes: 200, 101, 400 (no id), \
                404 (no such session).",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::SessionId>()),
            answer: Answer::Envelope(null()),
        },
        Op {
            method: "post",
            path: "/user/sessions/revokeOthers",
            id: "revokeOtherSessions",
            tag: "user",
            summary: "Sign every other session out",
            description: "Ends every session of the user except the current one. No body. \
                statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::Revoked>()),
        },
        Op {
            method: "get",
            path: "/user/security/events",
            id: "listSecurityEvents",
            tag: "user",
            summary: "The account's security history",
            description: "Logins (succeeded, failed, locked), logouts, password resets, \
                registrations and session revocations, newest first. statusCodes: 200, 101, \
                400 (unreadable paging).",
            session: true,
            paged: true,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::SecurityEventPage>()),
        },
        Op {
            method: "post",
            path: "/user/security/password",
            id: "setSecurityPin",
            tag: "user",
            summary: "Set or change the security PIN",
            description: "Setting the first PIN asks for the e-mail code (and an authenticator \
                code when one is bound); changing it also asks for the current PIN \
                (`securityPassword`). A missing factor answers 103 with the flags; request the \
                e-mail code with `user/captcha {purpose: \"verify\"}`. statusCodes: 200, 101, \
                102, 103, 104, 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::SetPinRequest>()),
            answer: Answer::Envelope(null()),
        },
        Op {
            method: "post",
            path: "/user/password",
            id: "changePassword",
            tag: "user",
            summary: "Change the login password",
            description: "Asks for the e-mail code (and an authenticator code when one is bound) \
                and the current password; ends every other session and mails a notice. \
                statusCodes: 200, 101, 102, 103, 104 (a code or the current password is wrong), \
                429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::ChangePasswordRequest>()),
            answer: Answer::Envelope(null()),
        },
        Op {
            method: "get",
            path: "/account/balance",
            id: "showBalance",
            tag: "account",
            summary: "The user's USD accounts",
            description: "`MainAccount` and `BankAccount`, balances recomputable from the \
                double-entry ledger. statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(
                ArrayBuilder::new()
                    .items(Ref::from_schema_name(shapes::BalanceEntry::name()))
                    .into(),
            ),
        },
        Op {
            method: "get",
            path: "/account/deposit/wire",
            id: "showWireInstructions",
            tag: "account",
            summary: "Wire instructions to fund the USD account",
            description: "The platform's receiving bank account and the memo (the user's uid) \
                the wire must carry; an operator credits received wires with `fiscard admin \
                credit-wire`. statusCodes: 200, 101.",
            session: true,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::WireDeposit>()),
        },
        Op {
            method: "get",
            path: "/fiscard/bins",
            id: "listBins",
            tag: "fiscard",
            summary: "The card BINs on offer",
            description: "Public (the product page offers them before login). statusCodes: 200.",
            session: false,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::BinList>()),
        },
        Op {
            method: "post",
            path: "/fiscard/apply",
            id: "applyCard",
            tag: "fiscard",
            summary: "Apply for a card",
            description: "Needs approved basic identity (105) and a bound mobile (110); no opening fee, no limit on the number of cards. The issuer makes a Luhn-valid 16-digit number under the BIN, an expiry three years out and a billing address; the number is sealed at rest. Takes an `Idempotency-Key` header: a retry with the same key and body answers the first answer (header `Idempotent-Replayed: true`), another body 409. statusCodes: 200, 101, 102, 105, 110, 409, 422 (BIN not available).",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::ApplyRequest>()),
            answer: Answer::Envelope(schema::<shapes::CardItem>()),
        },
        Op {
            method: "get",
            path: "/fiscard/list",
            id: "listCards",
            tag: "fiscard",
            summary: "The user's cards",
            description: "Newest first; cancelled cards hidden; status `expired` from the expiry on. statusCodes: 200, 101.",
            session: true,
            paged: true,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::CardPage>()),
        },
        Op {
            method: "post",
            path: "/fiscard/query/cvv",
            id: "revealCard",
            tag: "fiscard",
            summary: "Reveal a card's details",
            description: "After the trade verification (103/104 as the policy asks): the full number, CVV, expiry and billing address. Every reveal is written to the security log. statusCodes: 200, 101, 102, 103, 104, 404 (no such card of this user), 422 (cancelled or expired), 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::CardRequest>()),
            answer: Answer::Envelope(schema::<shapes::CardDetails>()),
        },
        Op {
            method: "post",
            path: "/fiscard/recharge",
            id: "rechargeCard",
            tag: "fiscard",
            summary: "Recharge a card from the USD account",
            description: "Only a normal card. The fee (the card's recharge rate, rounded half up at the cent) comes out of the amount; a DEPOSIT order records it. Takes an `Idempotency-Key` header (see applyCard). statusCodes: 200, 101, 102 (amount), 103, 104, 404, 409, 422 (Insufficient Balance, card not normal), 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::RechargeRequest>()),
            answer: Answer::Envelope(schema::<shapes::Recharged>()),
        },
        Op {
            method: "post",
            path: "/fiscard/freeze",
            id: "freezeCard",
            tag: "fiscard",
            summary: "Freeze a card",
            description: "A frozen card declines every authorization. No verification: freezing must be quick. statusCodes: 200, 101, 404, 422 (not normal).",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::CardRequest>()),
            answer: Answer::Envelope(schema::<shapes::CardStatusChanged>()),
        },
        Op {
            method: "post",
            path: "/fiscard/unfreeze",
            id: "unfreezeCard",
            tag: "fiscard",
            summary: "Unfreeze a card",
            description: "After the trade verification. statusCodes: 200, 101, 103, 104, 404, 422 (not frozen), 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::CardRequest>()),
            answer: Answer::Envelope(schema::<shapes::CardStatusChanged>()),
        },
        Op {
            method: "post",
            path: "/fiscard/cancel",
            id: "cancelCard",
            tag: "fiscard",
            summary: "Cancel a card",
            description: "After the trade verification: what is left on the card goes back to the USD account (a CANCEL order) and the card is no longer listed. Refused while payments are pending. Takes an `Idempotency-Key` header (see applyCard). statusCodes: 200, 101, 103, 104, 404, 409, 422, 429.",
            session: true,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::CardRequest>()),
            answer: Answer::Envelope(schema::<shapes::Cancelled>()),
        },
        Op {
            method: "get",
            path: "/fiscard/order",
            id: "listCardOrders",
            tag: "fiscard",
            summary: "The user's card orders",
            description: "Recharges (DEPOSIT) and cancellations (CANCEL), newest first. statusCodes: 200, 101.",
            session: true,
            paged: true,
            query: &[],
            body: None,
            answer: Answer::Envelope(schema::<shapes::OrderPage>()),
        },
        Op {
            method: "get",
            path: "/fiscard/history",
            id: "cardHistory",
            tag: "fiscard",
            summary: "A card's transactions",
            description: "As the card network reported them, newest first. statusCodes: 200, 101, 404 (no such card of this user).",
            session: true,
            paged: true,
            query: &[("cardKey", "The card.")],
            body: None,
            answer: Answer::Envelope(schema::<shapes::TransactionPage>()),
        },
        Op {
            method: "post",
            path: "/issuer/events",
            id: "issuerEvent",
            tag: "issuer",
            summary: "A card transaction event from the issuer",
            description: "Signed: `Fiscard-Timestamp` (Unix seconds) and `Fiscard-Signature: v1=<hex HMAC-SHA256 of \"<timestamp>.<body>\" under the webhook secret>`. A missing or wrong signature, or a timestamp more than 5 minutes off, is refused (403); a signature seen before 409. Each event is handled once by `<event>:<transactionId>`: a repeat answers the first answer, another body 409. An authorization is decided at once (card normal, within the per-transaction, daily and monthly limits, balance covering amount + 1% + 0.15% when not in the card's currency) and answers `{approved, declineReason, checkCode, held, …}`. statusCodes: 200, 400, 403, 404, 409, 422.",
            session: false,
            paged: false,
            query: &[],
            body: Some(schema::<shapes::IssuerEvent>()),
            answer: Answer::Envelope(ObjectBuilder::new().into()),
        },
        Op {
            method: "get",
            path: "/openapi.json",
            id: "openapiDocument",
            tag: "system",
            summary: "This document",
            description: "Answers the bare OpenAPI 3.1 document (not the envelope).",
            session: false,
            paged: false,
            query: &[],
            body: None,
            answer: Answer::Bare(
                "The OpenAPI document.",
                ObjectBuilder::new()
                    .description(Some("An OpenAPI 3.1 document."))
                    .into(),
            ),
        },
    ]
}

/// The operations outside `/api` (documented under the server `/`).
fn root_operations() -> Vec<Op> {
    vec![Op {
        method: "get",
        path: "/healthz",
        id: "healthz",
        tag: "system",
        summary: "Liveness and database health (outside /api)",
        description: "Served at `/healthz`, outside `/api`. Answers a bare object, not the \
            envelope: HTTP 200 `{status: ok, database: ok}`, or HTTP 503 `{status: error, \
            database: unreachable}`.",
        session: false,
        paged: false,
        query: &[],
        body: None,
        answer: Answer::Bare("Healthy.", schema::<shapes::Health>()),
    }]
}

fn http_method(method: &str) -> HttpMethod {
    match method {
        "get" => HttpMethod::Get,
        "post" => HttpMethod::Post,
        "put" => HttpMethod::Put,
        "delete" => HttpMethod::Delete,
        "patch" => HttpMethod::Patch,
        other => panic!("no OpenAPI method for route method {other:?}"),
    }
}

fn json_content(schema: impl Into<RefOr<Schema>>) -> utoipa::openapi::Content {
    ContentBuilder::new().schema(Some(schema)).build()
}

/// The operations that take an `Idempotency-Key` header (they move money or issue cards).
const IDEMPOTENT: [&str; 3] = ["/fiscard/apply", "/fiscard/recharge", "/fiscard/cancel"];

#[allow(clippy::too_many_lines)] // one builder, parameter by parameter
fn operation(op: Op) -> Operation {
    let user_lang = ParameterBuilder::new()
        .name("User-Lang")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "The language of `message`: en-US or zh-HK (zh-TW and zh-Hant are read as zh-HK). \
             Anything else, or none, gives en-US.",
        ))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(["en-US", "zh-HK"]))
                .default(Some(json!("en-US"))),
        ))
        .build();
    let mut builder = OperationBuilder::new()
        .operation_id(Some(op.id))
        .tag(op.tag)
        .summary(Some(op.summary))
        .description(Some(op.description))
        .parameter(user_lang);
    if IDEMPOTENT.contains(&op.path) {
        builder = builder.parameter(
            ParameterBuilder::new()
                .name("Idempotency-Key")
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(
                    "1 to 255 visible ASCII characters. A retry with the same key and the same \
                     request answers the first answer word for word and does nothing again \
                     (header `Idempotent-Replayed: true`); the same key with another request \
                     is refused (409).",
                ))
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .max_length(Some(255)),
                ))
                .build(),
        );
    }
    if op.session {
        builder = builder.security(SecurityRequirement::new(SESSION, Vec::<String>::new()));
    }
    if op.paged {
        for (name, description, default, max) in [
            ("pageID", "The page, from 1.", 1, None),
            (
                "pageSize",
                "Rows a page (at most 100).",
                i64::from(domain::constants::PAGE_SIZE),
                Some(i64::from(domain::constants::MAX_PAGE_SIZE)),
            ),
        ] {
            let mut schema = ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1))
                .default(Some(json!(default)));
            if let Some(max) = max {
                schema = schema.maximum(Some(max));
            }
            builder = builder.parameter(
                ParameterBuilder::new()
                    .name(name)
                    .parameter_in(ParameterIn::Query)
                    .required(Required::False)
                    .description(Some(description))
                    .schema(Some(schema))
                    .build(),
            );
        }
    }
    for (name, description) in op.query {
        builder = builder.parameter(
            ParameterBuilder::new()
                .name(*name)
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(Some(*description))
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .build(),
        );
    }
    if let Some(body) = op.body {
        builder = builder
            .request_body(Some(
                RequestBodyBuilder::new()
                    .description(Some(
                        "A JSON object (`Content-Type: application/json`, else HTTP 400).",
                    ))
                    .content("application/json", json_content(body))
                    .required(Some(Required::True))
                    .build(),
            ))
            .response("400", Ref::from_response_name("BadRequest"))
            .response("413", Ref::from_response_name("PayloadTooLarge"));
    }
    let success = match op.answer {
        Answer::Envelope(content) => {
            builder = builder.response("500", Ref::from_response_name("InternalError"));
            ResponseBuilder::new()
                .description(
                    "The envelope: statusCode 200 with the `content` below, or a `Refusal` \
                     (which statusCodes: see the description).",
                )
                .content(
                    "application/json",
                    json_content(
                        AnyOfBuilder::new()
                            .item(success_schema(content))
                            .item(Ref::from_schema_name("Refusal")),
                    ),
                )
        }
        Answer::Bare(description, schema) => ResponseBuilder::new()
            .description(description)
            .content("application/json", json_content(schema)),
    };
    builder.response("200", success).build()
}

fn envelope_response(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            json_content(Ref::from_schema_name("Refusal")),
        )
        .build()
}

fn collect<T: ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
}

fn components() -> utoipa::openapi::Components {
    let mut schemas = vec![
        ("StatusCode".to_owned(), status_code_schema().into()),
        ("Envelope".to_owned(), envelope_schema().into()),
        ("Refusal".to_owned(), refusal_schema().into()),
    ];
    collect::<shapes::LoginRequest>(&mut schemas);
    collect::<shapes::LoginVerification>(&mut schemas);
    collect::<shapes::EmailStep>(&mut schemas);
    collect::<shapes::NewPasswordStep>(&mut schemas);
    collect::<shapes::LoginCodeRequest>(&mut schemas);
    collect::<shapes::ResendCodeRequest>(&mut schemas);
    collect::<shapes::CodePurpose>(&mut schemas);
    collect::<shapes::Session>(&mut schemas);
    collect::<shapes::LoginVerificationRequired>(&mut schemas);
    collect::<shapes::CodeSent>(&mut schemas);
    collect::<shapes::ResendAfter>(&mut schemas);
    collect::<shapes::Profile>(&mut schemas);
    collect::<shapes::InvestorStatus>(&mut schemas);
    collect::<shapes::SecurityConfig>(&mut schemas);
    collect::<shapes::AuthenticatorEntry>(&mut schemas);
    collect::<shapes::LoginSwitches>(&mut schemas);
    collect::<shapes::TradeSwitches>(&mut schemas);
    collect::<shapes::Country>(&mut schemas);
    collect::<shapes::AltchaChallenge>(&mut schemas);
    collect::<shapes::FieldError>(&mut schemas);
    collect::<shapes::Factors>(&mut schemas);
    collect::<shapes::RetryAfter>(&mut schemas);
    collect::<shapes::Health>(&mut schemas);
    collect::<shapes::SessionEntry>(&mut schemas);
    collect::<shapes::VerifyCodeRequest>(&mut schemas);
    collect::<shapes::SetPinRequest>(&mut schemas);
    collect::<shapes::ChangePasswordRequest>(&mut schemas);
    collect::<shapes::SessionId>(&mut schemas);
    collect::<shapes::Revoked>(&mut schemas);
    collect::<shapes::SecurityEvent>(&mut schemas);
    collect::<shapes::SecurityEventPage>(&mut schemas);
    collect::<shapes::AuthenticatorKey>(&mut schemas);
    collect::<shapes::BindAuthenticatorRequest>(&mut schemas);
    collect::<shapes::RemoveAuthenticatorRequest>(&mut schemas);
    collect::<shapes::SwitchRequest>(&mut schemas);
    collect::<shapes::BindMobileRequest>(&mut schemas);
    collect::<shapes::MobileBound>(&mut schemas);
    collect::<shapes::BalanceEntry>(&mut schemas);
    collect::<shapes::BalanceAsset>(&mut schemas);
    collect::<shapes::WireDeposit>(&mut schemas);
    collect::<shapes::BinItem>(&mut schemas);
    collect::<shapes::BinList>(&mut schemas);
    collect::<shapes::ApplyRequest>(&mut schemas);
    collect::<shapes::CardLimits>(&mut schemas);
    collect::<shapes::CardItem>(&mut schemas);
    collect::<shapes::CardPage>(&mut schemas);
    collect::<shapes::CardRequest>(&mut schemas);
    collect::<shapes::CardDetails>(&mut schemas);
    collect::<shapes::RechargeRequest>(&mut schemas);
    collect::<shapes::OrderItem>(&mut schemas);
    collect::<shapes::Recharged>(&mut schemas);
    collect::<shapes::Cancelled>(&mut schemas);
    collect::<shapes::CardStatusChanged>(&mut schemas);
    collect::<shapes::OrderPage>(&mut schemas);
    collect::<shapes::TransactionItem>(&mut schemas);
    collect::<shapes::TransactionPage>(&mut schemas);
    collect::<shapes::IssuerEvent>(&mut schemas);
    ComponentsBuilder::new()
        .schemas_from_iter(schemas)
        .response(
            "BadRequest",
            envelope_response(
                "The body cannot be read: not `application/json`, malformed, or not a JSON \
                 object (statusCode 400).",
            ),
        )
        .response(
            "PayloadTooLarge",
            envelope_response("The body is over the size limit (statusCode 400)."),
        )
        .response(
            "InternalError",
            envelope_response("An internal error (statusCode 500); nothing about it is shown."),
        )
        .security_scheme(
            SESSION,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Access-Token",
                "The session token that `user/login` or `user/register` answered.",
            ))),
        )
        .build()
}

fn tag(name: &str, description: &str) -> utoipa::openapi::Tag {
    TagBuilder::new()
        .name(name)
        .description(Some(description))
        .build()
}

/// The document.
pub fn openapi() -> OpenApi {
    let mut paths = PathsBuilder::new();
    for op in api_operations() {
        paths = paths.path(
            op.path,
            PathItem::new(http_method(op.method), operation(op)),
        );
    }
    for op in root_operations() {
        let (path, method) = (op.path, http_method(op.method));
        let mut operation = operation(op);
        if path == "/healthz" {
            let unhealthy = ResponseBuilder::new()
                .description("The database does not answer.")
                .content("application/json", json_content(schema::<shapes::Health>()));
            operation
                .responses
                .responses
                .insert("503".to_owned(), unhealthy.build().into());
        }
        let mut item = PathItem::new(method, operation);
        item.servers = Some(vec![
            ServerBuilder::new()
                .url("/")
                .description(Some("The site root (outside /api)"))
                .build(),
        ]);
        paths = paths.path(path, item);
    }
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("fiscard API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Every `/api` answer is the envelope `{statusCode, content, message}` \
                     (`Envelope`), with HTTP 200 for every handled outcome; `statusCode` 200 is \
                     success and the others are listed in `StatusCode`. `message` is in the \
                     language of the `User-Lang` header. Operations marked with the \
                     `accessToken` scheme need the session token in the `Access-Token` header \
                     (else statusCode 101). List calls page with `pageID` (from 1) and \
                     `pageSize` (default 10) and answer `{list, totalPage, totalCount}`.",
                ))
                .build(),
        )
        .servers(Some([ServerBuilder::new()
            .url("/api")
            .description(Some("The API"))
            .build()]))
        .paths(paths.build())
        .components(Some(components()))
        .tags(Some([
            tag("auth", "Register, log in, recover, log out, e-mail codes."),
            tag("user", "The user's own data and reference lists."),
            tag(
                "account",
                "The user's USD accounts, on the double-entry ledger.",
            ),
            tag(
                "fiscard",
                "Virtual cards: BINs, applying, revealing, recharging, orders, transactions.",
            ),
            tag(
                "issuer",
                "Signed card-transaction events from the card issuer.",
            ),
            tag("captcha", "ALTCHA proof-of-work challenges."),
            tag("system", "This document and health."),
        ]))
        .build()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use actix_web::test as actix_test;
    use actix_web::{App, web};
    use serde_json::Value;

    use super::*;
    use crate::routes::ROUTES;

    const METHODS: [&str; 8] = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];

    fn document_json() -> Value {
        serde_json::from_str(&openapi().to_json().unwrap()).unwrap()
    }

    /// `(method, path)` pairs.
    type Operations = BTreeSet<(String, String)>;

    /// Every operation: under `/api` (no server of its own), and elsewhere.
    fn documented(doc: &Value) -> (Operations, Operations) {
        let (mut api, mut root) = (BTreeSet::new(), BTreeSet::new());
        for (path, item) in doc["paths"].as_object().expect("paths") {
            let set = if item.get("servers").is_some() {
                &mut root
            } else {
                &mut api
            };
            for method in METHODS {
                if item.get(method).is_some() {
                    set.insert((method.to_owned(), path.clone()));
                }
            }
        }
        (api, root)
    }

    #[test]
    fn every_route_is_documented_and_nothing_else() {
        let doc = document_json();
        let (api, root) = documented(&doc);
        let routes: BTreeSet<(String, String)> = ROUTES
            .iter()
            .map(|r| (r.method.to_owned(), r.path.to_owned()))
            .collect();
        let missing: Vec<String> = routes
            .difference(&api)
            .map(|(m, p)| format!("{} /api{p}", m.to_uppercase()))
            .collect();
        assert!(
            missing.is_empty(),
            "routes missing from /api/openapi.json (add them to openapi.rs): {missing:?}"
        );
        let extra: Vec<String> = api
            .difference(&routes)
            .map(|(m, p)| format!("{} /api{p}", m.to_uppercase()))
            .collect();
        assert!(
            extra.is_empty(),
            "documented operations that are not routes: {extra:?}"
        );
        assert_eq!(
            root,
            BTreeSet::from([("get".to_owned(), "/healthz".to_owned())]),
            "the only operation outside /api is GET /healthz"
        );
        assert_eq!(doc["paths"]["/healthz"]["servers"][0]["url"], "/");
        assert_eq!(
            doc["servers"],
            json!([{"url": "/api", "description": "The API"}])
        );
    }

    #[test]
    fn the_document_is_openapi_3_1_with_the_package_version() {
        let text = openapi().to_pretty_json().unwrap();
        let doc: Value = serde_json::from_str(&text).expect("valid JSON");
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
        assert_eq!(doc["info"]["title"], "fiscard API");
        assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    }

    fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
        match value {
            Value::Object(map) => {
                for (key, v) in map {
                    if key == "$ref" {
                        out.push(v.as_str().expect("$ref is a string"));
                    } else {
                        refs(v, out);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }

    #[test]
    fn every_reference_resolves() {
        let doc = document_json();
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(!found.is_empty());
        for reference in found {
            let pointer = reference
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("{reference} is not local"));
            assert!(
                doc.pointer(pointer).is_some(),
                "{reference} points at nothing"
            );
        }
    }

    #[test]
    fn every_operation_has_user_lang_a_declared_tag_and_a_unique_id() {
        let doc = document_json();
        let tags: BTreeSet<&str> = doc["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            tags,
            BTreeSet::from([
                "auth", "user", "account", "fiscard", "issuer", "captcha", "system"
            ])
        );
        let mut ids = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for method in METHODS {
                let Some(op) = item.get(method) else { continue };
                let name = format!("{method} {path}");
                let lang = op["parameters"]
                    .as_array()
                    .and_then(|ps| ps.iter().find(|p| p["name"] == "User-Lang"))
                    .unwrap_or_else(|| panic!("{name} has no User-Lang parameter"));
                assert_eq!(lang["in"], "header");
                assert_eq!(lang["schema"]["enum"], json!(["en-US", "zh-HK"]));
                for tag in op["tags"].as_array().unwrap() {
                    assert!(tags.contains(tag.as_str().unwrap()), "{name}: tag {tag}");
                }
                let id = op["operationId"].as_str().unwrap().to_owned();
                assert!(ids.insert(id), "{name}: duplicate operationId");
            }
        }
    }

    #[test]
    fn the_status_code_catalogue_matches_api_code() {
        let doc = document_json();
        let schema = &doc["components"]["schemas"]["StatusCode"];
        let listed: Vec<u64> = schema["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let expected: Vec<u64> = STATUS_CODES
            .iter()
            .map(|(c, ..)| u64::from(c.number()))
            .collect();
        assert_eq!(listed, expected);
        for code in [
            200, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 400, 403, 404, 409, 422, 429,
            500,
        ] {
            assert!(listed.contains(&code), "statusCode {code} is not described");
        }
        assert_eq!(
            schema["x-enum-descriptions"].as_array().unwrap().len(),
            listed.len()
        );
    }

    #[test]
    fn documented_limits_match_the_domain_rules() {
        let doc = document_json();
        let password = &doc["components"]["schemas"]["NewPasswordStep"]["properties"]["password"];
        assert_eq!(password["minLength"], domain::constants::PASSWORD_MIN);
        assert_eq!(password["maxLength"], domain::constants::PASSWORD_MAX);
        let email = &doc["components"]["schemas"]["EmailStep"]["properties"]["email"];
        assert_eq!(email["maxLength"], domain::email::EMAIL_MAX);
        assert_eq!(domain::constants::CODE_LENGTH, 6);
        assert_eq!(domain::constants::PIN_LENGTH, 6);
    }

    /// Each route, called without `Access-Token` (POSTs with `{}`), answers statusCode 101
    /// exactly when the document says it needs the session, and answers the envelope exactly
    /// when the document says so; `/api/openapi.json` answers the document itself as JSON.
    #[actix_web::test]
    async fn the_session_requirement_matches_the_handlers() {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().to_string_lossy().into_owned();
        let config = crate::config::Config::from_lookup(|name| {
            (name == "FISCARD_DATA_DIR").then(|| data_dir.clone())
        })
        .unwrap();
        let state =
            crate::build_state(config, crate::clock::Clock::manual(1_700_000_000_000)).unwrap();
        let app = actix_test::init_service(
            App::new()
                .app_data(web::Data::new(state))
                .service(web::scope("/api").configure(crate::routes::configure)),
        )
        .await;
        let doc = document_json();
        for route in ROUTES {
            let op = &doc["paths"][route.path][route.method];
            assert!(
                op.is_object(),
                "{} /api{} is not documented",
                route.method,
                route.path
            );
            let needs_session = op.get("security").is_some();
            let uri = format!("/api{}", route.path);
            let request = match route.method {
                "get" => actix_test::TestRequest::get().uri(&uri),
                "post" => actix_test::TestRequest::post()
                    .uri(&uri)
                    .set_json(json!({})),
                "delete" => actix_test::TestRequest::delete()
                    .uri(&uri)
                    .set_json(json!({})),
                other => panic!("add a request for {other}"),
            };
            let response = actix_test::call_service(&app, request.to_request()).await;
            let body: Value = serde_json::from_slice(&actix_test::read_body(response).await)
                .unwrap_or_else(|e| panic!("{uri}: not JSON: {e}"));
            let answered = body.get("statusCode").and_then(Value::as_u64);
            assert_eq!(
                answered == Some(101),
                needs_session,
                "{} {uri}: documented {} a session, answered {body}",
                route.method,
                if needs_session { "with" } else { "without" },
            );
            let enveloped = op["responses"]["200"]["content"]["application/json"]["schema"]
                .get("anyOf")
                .is_some();
            let is_envelope = ["statusCode", "content", "message"]
                .iter()
                .all(|key| body.get(key).is_some());
            assert_eq!(
                is_envelope,
                enveloped,
                "{} {uri}: documented as {}, answered {body}",
                route.method,
                if enveloped {
                    "the envelope"
                } else {
                    "a bare document"
                },
            );
        }

        let response = actix_test::call_service(
            &app,
            actix_test::TestRequest::get()
                .uri("/api/openapi.json")
                .to_request(),
        )
        .await;
        assert!(response.status().is_success());
        assert_eq!(
            response.headers().get("content-type").unwrap(),
            "application/json"
        );
        let served: Value = serde_json::from_slice(&actix_test::read_body(response).await).unwrap();
        assert_eq!(served, doc);
    }
}
