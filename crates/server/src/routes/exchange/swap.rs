//! `POST exchange/swap`: accepts the user's quote, at most once. A second accept answers the
//! first swap; an expired quote answers 112 with a fresh quote for the same amount; another
//! user's quote answers as an unknown one (404); a balance that no longer covers it, 422.

use actix_web::web;
use domain::exchange::Side;
use domain::forms::ExchangeQuoteForm;
use domain::gates::GatedAction;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::items::{ExchangeQuote, ExchangeSwap, asset_text};
use super::quote::make_quote;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::CurrentUser;
use crate::routes::user::identity::check_gate;
use crate::services::exchange::quotes::Quote;
use crate::services::exchange::swaps::{self, Accepted};
use crate::state::AppState;

/// Accept a quote.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SwapRequest {
    /// The `quoteId` of `exchange/quote`.
    quote_id: String,
}

/// The form that asks again for what `quote` was for: the same assets, the same side and
/// amount.
fn form_of(quote: &Quote) -> ExchangeQuoteForm {
    let t = &quote.terms;
    let typed = asset_text(quote.amount, quote.side.asset(t));
    let side = match quote.side {
        Side::From => "fromAmount",
        Side::To => "toAmount",
    };
    serde_json::from_value(json!({ "fromCoin": t.from.code(), "toCoin": t.to.code(), side: typed }))
        .unwrap_or_default()
}

/// Accept a quote
///
/// Needs approved basic identity (105), as quotes do. Swaps what the quote says, as one ledger
/// transaction: `fromAmount` leaves your `fromCoin` balance (USD: your USD account; a coin: the
/// wallet), `toAmount` arrives in your `toCoin` balance. At most once: accepting it again
/// answers the same swap (`api.exchange_swap_repeated`). No verification codes: the money stays
/// in your own accounts and a quote lasts seconds. An expired quote answers 112 with a fresh
/// quote for the same amount in `content` (null when none can be made now); an unknown quote,
/// or another user's, 404; a balance that no longer covers `fromAmount`, 422.
/// statusCodes: 200, 101, 105, 112, 404, 422.
#[utoipa::path(
    post,
    path = "/exchange/swap",
    tag = "exchange",
    request_body = SwapRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<ExchangeSwap>))
)]
pub async fn accept_quote(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Body<SwapRequest>,
) -> ApiResult<ExchangeSwap> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::Exchange)?;
    let (user_id, now) = (user.user_id, state.clock.now_ms());
    let quote_id = body.into_inner().quote_id;
    let exchange = state.config.exchange;
    let accepted = {
        let user_id = user_id.clone();
        state
            .db
            .write(move |conn| Ok(swaps::accept(conn, &user_id, quote_id.trim(), now)?))
            .await?
    };
    match accepted {
        Accepted::Done(swap) => {
            Ok(Api::ok(ExchangeSwap::of(&swap)).saying("api.exchange_swap_done"))
        }
        Accepted::Repeated(swap) => {
            Ok(Api::ok(ExchangeSwap::of(&swap)).saying("api.exchange_swap_repeated"))
        }
        Accepted::NotFound => Err(AppError::new(
            ApiCode::NotFound,
            "api.exchange_quote_not_found",
        )),
        Accepted::Insufficient => Err(AppError::new(
            ApiCode::Refused,
            "error.insufficient_balance",
        )),
        Accepted::Expired(quote) => {
            let form = form_of(&quote);
            // A fresh quote when one can be made now (prices fresh, the balance covering it);
            // else none: the refusal stands either way.
            let fresh = state
                .db
                .write(move |conn| Ok(make_quote(conn, &user_id, &form, &exchange, now).ok()))
                .await?;
            Err(AppError::quote_expired(
                fresh.as_ref().map(ExchangeQuote::of),
            ))
        }
    }
}
