//! `POST exchange/quote`: a quote for the amount typed, on either side, priced by the domain's
//! `exchange::price` at the newest prices, bound to the user and valid for
//! `FISCARD_QUOTE_TTL_SECS`; answered only when the balance covers it.

use actix_web::web;
use domain::error::{ErrorCode, FieldError};
use domain::exchange::{Asset, ExchangeTerms, USD_PRICE};
use domain::forms::{ExchangeQuoteContext, ExchangeQuoteForm, Form};
use domain::gates::GatedAction;

use super::items::ExchangeQuote;
use super::{pair_of, terms_of};
use crate::api::{Api, ApiResult, AppError, Body, Reply};
use crate::config::ExchangeConfig;
use crate::db::DbConnection;
use crate::extract::CurrentUser;
use crate::routes::user::identity::check_gate;
use crate::services::exchange::quotes::{self, NewQuote, Quote};
use crate::services::exchange::user_account;
use crate::services::ledger;
use crate::state::AppState;

/// The assets the form names, or why it names none: an asset missing (`required_choice`) or
/// not one the exchange trades (`option_invalid`).
fn named_assets(form: &ExchangeQuoteForm) -> Result<(Asset, Asset), AppError> {
    let asset = |field: &'static str, given: Option<&str>| match given {
        Some(code) => Asset::from_code(code.trim())
            .ok_or_else(|| FieldError::new(field, ErrorCode::OptionInvalid)),
        None => Err(FieldError::new(field, ErrorCode::RequiredChoice)),
    };
    let from = asset("fromCoin", form.from_coin.text());
    let to = asset("toCoin", form.to_coin.text());
    match (from, to) {
        (Ok(from), Ok(to)) => Ok((from, to)),
        (from, to) => Err(AppError::validation(
            &[from.err(), to.err()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>(),
        )),
    }
}

/// Prices `form` for the user at `now` and stores the quote: 102 with the form's field errors
/// (the balance among them), 404 for a pair the platform does not have, 111 for stale prices.
pub fn make_quote(
    conn: &mut DbConnection,
    user_id: &str,
    form: &ExchangeQuoteForm,
    exchange: &ExchangeConfig,
    now: i64,
) -> Result<Quote, AppError> {
    let (from, to) = named_assets(form)?;
    if from == to {
        // The form says why (`exchange_same_asset`): a pair of an asset with itself.
        let terms = ExchangeTerms {
            from,
            to,
            from_price: USD_PRICE,
            to_price: USD_PRICE,
            spread_bps: 0,
            fee_bps: 0,
        };
        let context = ExchangeQuoteContext {
            terms,
            minimum: 0,
            maximum: 0,
            available: 0,
            enabled: false,
        };
        return Err(form
            .parse(&context)
            .err()
            .map_or_else(super::pair_not_found, AppError::from));
    }
    let pair = pair_of(conn, from, to)?;
    let priced = terms_of(conn, &pair, now, exchange.max_age_ms())?;
    let available = ledger::balance(conn, &user_account(user_id, from))?;
    let context = ExchangeQuoteContext {
        terms: priced.terms,
        minimum: pair.minimum,
        maximum: pair.maximum,
        available,
        enabled: pair.enabled,
    };
    let request = form.parse(&context)?;
    let new = NewQuote {
        user_id,
        side: request.side,
        amount: request.amount,
        terms: request.terms,
        priced: request.priced,
        price_time: priced.price_time,
    };
    Ok(quotes::create(conn, &new, now, exchange.quote_ttl_ms())?)
}

/// Quote a swap
///
/// Needs approved basic identity (105). Type exactly one amount: `fromAmount` (what you give)
/// or `toAmount` (what you receive); the quote fixes the other, the fee and the spread, priced
/// once by the domain's `exchange::price` in the platform's favour, and holds for
/// `quoteSeconds` (10 by default) for you alone. Refused with field errors (102): the same
/// asset twice, a closed pair, neither or both amounts, too many decimals, below the pair's
/// minimum or above its maximum, an amount that receives nothing, a balance that does not cover
/// `fromAmount`. A price older than the exchange accepts answers 111; an unknown asset or pair
/// 102 / 404. statusCodes: 200, 101, 102, 105, 111, 404.
#[utoipa::path(
    post,
    path = "/exchange/quote",
    tag = "exchange",
    request_body = ExchangeQuoteForm,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<ExchangeQuote>))
)]
pub async fn create_quote(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Body<ExchangeQuoteForm>,
) -> ApiResult<ExchangeQuote> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::Exchange)?;
    let (form, user_id, now) = (body.into_inner(), user.user_id, state.clock.now_ms());
    let exchange = state.config.exchange;
    let quote = state
        .db
        .write(move |conn| make_quote(conn, &user_id, &form, &exchange, now))
        .await?;
    Ok(Api::ok(ExchangeQuote::of(&quote)))
}
