//! Every API route, declared once: the declaration mounts the handler, lists the route in
//! [`ROUTES`], and hands the handler to the OpenAPI document ([`ApiPaths`]), which takes each
//! operation (method, path, parameters, bodies, answers) from the handler's `#[utoipa::path]`.
//! The API tests hold the two to each other: every route documented at its method and path.

mod account;
mod captcha;
pub mod exchange;
mod fiscard;
mod fund;
pub mod health;
mod idempotent;
mod investor;
pub mod issuer;
pub mod ops;
pub mod test_clock;
pub(crate) mod user;
mod wallet;

use std::sync::OnceLock;

use actix_web::dev::ResourceDef;
use actix_web::web;

/// A mounted API route (path relative to `/api`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
}

macro_rules! routes {
    ($($method:ident $path:literal => $handler:path,)*) => {
        /// Every API route, in mounting order.
        pub const ROUTES: &[Route] = &[$(Route { method: stringify!($method), path: $path },)*];

        /// Mounts every API route on the `/api` scope.
        pub fn configure(api: &mut web::ServiceConfig) {
            $(api.route($path, web::$method().to($handler));)*
        }

        /// The operations of every API route, from their handlers' `#[utoipa::path]`.
        #[derive(Debug, utoipa::OpenApi)]
        #[openapi(paths($($handler),*))]
        pub struct ApiPaths;
    };
}

/// The methods the API answers at `path` (the request's, `/api/…`), upper case, in [`ROUTES`]
/// order: empty when no route has that path.
pub fn methods_at(path: &str) -> Vec<String> {
    static PATTERNS: OnceLock<Vec<(ResourceDef, String)>> = OnceLock::new();
    let patterns = PATTERNS.get_or_init(|| {
        ROUTES
            .iter()
            .map(|route| {
                let pattern = ResourceDef::new(format!("/api{}", route.path));
                (pattern, route.method.to_ascii_uppercase())
            })
            .collect()
    });
    let mut methods: Vec<String> = patterns
        .iter()
        .filter(|(pattern, _)| pattern.is_match(path))
        .map(|(_, method)| method.clone())
        .collect();
    methods.dedup();
    methods
}

routes! {
    get "/captcha/challenge" => captcha::challenge,
    post "/user/captcha" => user::email_code::send_code,
    post "/user/register" => user::register::register,
    post "/user/login" => user::login::login,
    post "/user/forgetPassword" => user::forget_password::forget_password,
    post "/user/logout" => user::logout::logout,
    get "/user/self" => user::profile::show_self,
    get "/user/firstSteps" => user::first_steps::show_first_steps,
    get "/user/config" => user::config::show_config,
    post "/user/config/switch" => user::switch::change_switch,
    get "/user/config/mfa/key" => user::authenticators::issue_key,
    post "/user/config/mfa/key" => user::authenticators::bind,
    delete "/user/config/mfa/key" => user::authenticators::remove,
    post "/user/mobile/bind" => user::mobile::bind_mobile,
    get "/user/verification/factors" => user::verification_factors::show_factors,
    get "/user/country/list" => user::countries::list_countries,
    get "/user/info" => user::identity::basic::show_basic,
    post "/user/info" => user::identity::basic::save_basic,
    post "/user/commit" => user::identity::basic::commit_basic,
    get "/user/identity/investor" => user::identity::investor::show_investor,
    post "/user/identity/investor" => user::identity::investor::save_investor,
    post "/user/identity/commit" => user::identity::investor::commit_investor,
    get "/investor/aml" => investor::show_aml,
    post "/investor/aml" => investor::answer_aml,
    get "/investor/qualify" => investor::show_qualify,
    post "/investor/qualify" => investor::answer_qualify,
    post "/user/file" => user::files::upload_file,
    get "/user/file/{name}" => user::files::read_file,
    get "/user/sessions" => user::sessions::list_sessions,
    post "/user/sessions/revoke" => user::sessions::revoke_session,
    post "/user/sessions/revokeOthers" => user::sessions::revoke_other_sessions,
    get "/user/security/events" => user::security_events::list_security_events,
    post "/user/security/password" => user::security_pin::set_pin,
    post "/user/password" => user::change_password::change_password,
    get "/account/balance" => account::balance::show_balance,
    get "/account/deposit/wire" => account::wire::show_wire_instructions,
    get "/fiscard/bins" => fiscard::bins::list_bins,
    post "/fiscard/apply" => fiscard::apply::apply,
    get "/fiscard/list" => fiscard::list::list_cards,
    post "/fiscard/query/cvv" => fiscard::cvv::reveal,
    post "/fiscard/recharge" => fiscard::recharge::recharge,
    post "/fiscard/freeze" => fiscard::freeze::freeze,
    post "/fiscard/unfreeze" => fiscard::freeze::unfreeze,
    post "/fiscard/cancel" => fiscard::cancel::cancel,
    get "/fiscard/order" => fiscard::orders::list_orders,
    get "/fiscard/history" => fiscard::history::card_history,
    get "/fund/investor/bankAccount/select" => fund::bank_accounts::list_bank_accounts,
    post "/fund/investor/bankAccount/add" => fund::bank_accounts::add_bank_account,
    post "/fund/investor/bankAccount/delete/{id}" => fund::bank_accounts::delete_bank_account,
    get "/fund/investor/withdrawal/config" => fund::withdrawals::show_withdrawal_terms,
    post "/fund/investor/withdrawal/create" => fund::withdrawals::withdraw,
    get "/fund/investor/withdrawal/select" => fund::withdrawals::list_withdrawals,
    post "/fund/investor/withdrawal/cancel/{id}" => fund::withdrawals::cancel_withdrawal,
    get "/coinlist" => wallet::coins::list_coins,
    get "/wallet/balance" => wallet::balance::show_wallet_balance,
    get "/wallet/overview" => wallet::balance::show_wallet_overview,
    get "/wallet/coin/config" => wallet::coins::show_coin_config,
    get "/wallet/deposit/address" => wallet::deposit::show_deposit_address,
    post "/wallet/withdraw" => wallet::withdraw::withdraw_coin,
    post "/wallet/withdraw/cancel/{id}" => wallet::withdraw::cancel_coin_withdrawal,
    get "/wallet/record" => wallet::records::list_records,
    get "/wallet/record/{id}" => wallet::records::show_record,
    get "/exchange/pairs" => exchange::pairs::list_pairs,
    get "/exchange/rate" => exchange::rate::show_rate,
    post "/exchange/quote" => exchange::quote::create_quote,
    post "/exchange/swap" => exchange::swap::accept_quote,
    get "/exchange/swaps" => exchange::swaps::list_swaps,
    get "/exchange/swaps/{id}" => exchange::swaps::show_swap,
    get "/product" => fund::products::list_fund_products,
    get "/config" => fund::config::show_fund_config,
    post "/subscribe" => fund::subscribe::subscribe_fund,
    post "/redeem" => fund::redeem::redeem_fund,
    get "/fund/v2/asset" => fund::asset::show_fund_asset,
    get "/fund/v2/asset/daily" => fund::asset::show_fund_daily,
    get "/fund/v2/order" => fund::orders::list_fund_orders,
    get "/fund/v2/order/{id}" => fund::orders::show_fund_order,
    get "/fund/v2/position" => fund::positions::list_fund_positions,
    post "/issuer/events" => issuer::receive,
    get "/openapi.json" => crate::openapi::document,
    post "/ops/login" => ops::auth::ops_login,
    post "/ops/logout" => ops::auth::ops_logout,
    get "/ops/me" => ops::auth::ops_me,
    post "/ops/enrolment/start" => ops::auth::start_enrolment,
    post "/ops/enrolment/finish" => ops::auth::finish_enrolment,
    get "/ops/operators" => ops::operators::list_operators,
    post "/ops/operators" => ops::operators::create_operator,
    post "/ops/operators/{id}/disable" => ops::operators::disable_operator,
    get "/ops/audit" => ops::audit::list_audit,
    get "/ops/review/queue" => ops::review::queue::review_queue,
    post "/ops/review/cases/{id}/claim" => ops::review::decision::claim_case,
    post "/ops/review/cases/{id}/release" => ops::review::decision::release_case,
    get "/ops/review/cases/{id}" => ops::review::case::show_case,
    get "/ops/review/cases/{id}/documents/{reference}" => ops::review::documents::read_document,
    post "/ops/review/cases/{id}/decision" => ops::review::decision::decide_case,
    post "/ops/wires" => ops::wires::record_wire,
    get "/ops/wires" => ops::wires::list_wires,
    post "/ops/wires/{id}/assign" => ops::wires::assign_wire,
    post "/ops/wires/{id}/approve" => ops::wires::approve_wire,
    post "/ops/wires/{id}/return" => ops::wires::return_wire,
    get "/ops/search" => ops::users::search_users,
    get "/ops/users/{id}" => ops::users::show_user,
    post "/ops/users/{id}/sessions/{sessionId}/end" => ops::users::end_session,
    post "/ops/users/{id}/sessions/end" => ops::users::end_sessions,
    post "/ops/cards/{cardKey}/freeze" => ops::cards::freeze_card,
    post "/ops/cards/{cardKey}/unfreeze" => ops::cards::unfreeze_card,
    get "/ops/bins" => ops::bins::list_ops_bins,
    post "/ops/bins" => ops::bins::save_bin,
    post "/ops/bins/{bin}/disable" => ops::bins::disable_bin,
    get "/ops/withdrawals" => ops::withdrawals::list_ops_withdrawals,
    post "/ops/withdrawals/{id}/approve" => ops::withdrawals::approve_withdrawal,
    post "/ops/withdrawals/{id}/reject" => ops::withdrawals::reject_withdrawal,
    post "/ops/withdrawals/{id}/send" => ops::withdrawals::send_withdrawal,
    post "/ops/withdrawals/{id}/complete" => ops::withdrawals::complete_withdrawal,
    post "/ops/withdrawals/{id}/return" => ops::withdrawals::return_withdrawal,
}
