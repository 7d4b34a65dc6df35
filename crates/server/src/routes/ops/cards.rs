//! Cards (`finance`): freeze and unfreeze with a reason from the catalogue
//! (`domain::forms::CardFreezeForm`), by the card status machine (`domain::card`) and the
//! service `admin card freeze` uses (`services::operator_cards`); the holder sees the card frozen
//! as after that command, and the operator's action in their security log.

use actix_web::web;
use domain::card::CardAction;
use domain::forms::{CardFreeze, CardFreezeForm, Form, NoContext};

use super::entry;
use super::users::OpsCard;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::{Client, CurrentOperator};
use crate::services::operator_cards::{self, Refusal};
use crate::services::operators::Role;
use crate::state::AppState;

/// Freezes or unfreezes card `key` for `why` (`services::operator_cards`: audited, and told
/// to the holder in their security log).
async fn change(
    state: &AppState,
    operator: CurrentOperator,
    client: Client,
    key: String,
    action: CardAction,
    why: CardFreeze,
) -> ApiResult<OpsCard> {
    let now = state.clock.now_ms();
    let line = state
        .db
        .write(move |conn| {
            let who = entry(&operator, &client, "", "");
            match operator_cards::change(conn, &who, &key, action, &why, now)? {
                Ok(line) => Ok(line),
                Err(Refusal::NotFound) => {
                    Err(AppError::new(ApiCode::NotFound, "api.ops_card_not_found"))
                }
                Err(Refusal::WrongStatus(_)) => Err(AppError::new(
                    ApiCode::Conflict,
                    "api.ops_card_wrong_status",
                )),
            }
        })
        .await?;
    Ok(Api::ok(OpsCard::of(&line)))
}

/// Freeze a card
///
/// A normal card becomes frozen, with the reason (`note` required with `other`); its holder
/// sees it frozen (and cannot unfreeze it), and `card_frozen_by_operator` in their security
/// log. Audited as `card.freeze`. Role `finance`. statusCodes: 200, 101, 102, 403,
/// 404, 409 (its status does not allow freezing).
#[utoipa::path(
    post,
    path = "/ops/cards/{cardKey}/freeze",
    tag = "ops",
    request_body = CardFreezeForm,
    params(("cardKey" = String, Path, description = "The card's key.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsCard>))
)]
pub async fn freeze_card(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    key: web::Path<String>,
    body: Body<CardFreezeForm>,
) -> ApiResult<OpsCard> {
    operator.require(&[Role::Finance])?;
    let why = body.parse(&NoContext)?;
    change(
        &state,
        operator,
        client,
        key.into_inner(),
        CardAction::Freeze,
        why,
    )
    .await
}

/// Unfreeze a card
///
/// A frozen card becomes normal again, with the reason (`note` required with `other`); the
/// holder's security log says `card_unfrozen_by_operator`. Audited as `card.unfreeze`. Role
/// `finance`. statusCodes: 200, 101, 102, 403, 404, 409 (it
/// is not frozen).
#[utoipa::path(
    post,
    path = "/ops/cards/{cardKey}/unfreeze",
    tag = "ops",
    request_body = CardFreezeForm,
    params(("cardKey" = String, Path, description = "The card's key.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsCard>))
)]
pub async fn unfreeze_card(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    key: web::Path<String>,
    body: Body<CardFreezeForm>,
) -> ApiResult<OpsCard> {
    operator.require(&[Role::Finance])?;
    let why = body.parse(&NoContext)?;
    change(
        &state,
        operator,
        client,
        key.into_inner(),
        CardAction::Unfreeze,
        why,
    )
    .await
}
