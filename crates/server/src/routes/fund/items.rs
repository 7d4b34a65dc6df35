//! The fund's wire shapes (SPEC §3 Fund, Product; §7 `fund/v2/*`, `product`, `config`):
//! amounts are exact decimal text in the product's asset, dates `YYYY-MM-DD`.

use domain::date::Date;
use domain::exchange::Asset;
use domain::forms::{FundRedeemContext, FundSubscribeContext};
use domain::fund::{FixedPhase, FundOrderType, FundSource, ProductTerms, ProductType};
use domain::money::amount_text;
use serde::Serialize;
use utoipa::ToSchema;

use crate::services::fund::figures::{Day, Figures};
use crate::services::fund::holdings::Holding;
use crate::services::fund::orders::Record;
use crate::services::fund::products::Product;

/// An amount of `asset` as exact decimal text.
pub fn asset_text(minor: i64, asset: Asset) -> String {
    amount_text(minor, asset.scale())
}

/// A fund product (SPEC §3 Product).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundProduct {
    product_id: String,
    product_name: String,
    #[serde(rename = "type")]
    product_type: ProductType,
    /// Percent text, e.g. "3.65".
    annual_rate: String,
    /// The asset's code (USD, BTC, ETH, USDT); one share is one minor unit of it.
    asset: String,
    /// Days the shares earn (fixed products); null for the current product.
    #[schema(required = true)]
    period: Option<u16>,
    /// The last day of the raise (fixed); null for the current product.
    #[schema(required = true, format = Date)]
    raise_date: Option<String>,
    /// The first day the shares earn (fixed); null for the current product.
    #[schema(required = true, format = Date)]
    interest_date: Option<String>,
    /// Principal and interest reach the fund account (fixed); null for the current product.
    #[schema(required = true, format = Date)]
    maturity_date: Option<String>,
    /// Where a subscription may come from.
    subscribe: Vec<FundSource>,
    /// Where a redemption may go.
    redeem: Vec<FundSource>,
    /// Takes subscriptions today (an operator has not closed it; a fixed product is raising).
    open: bool,
    /// A fixed product's phase today; null for the current product.
    #[schema(required = true)]
    phase: Option<FixedPhase>,
    /// The least one subscription may be.
    minimum: String,
    /// The most one user may hold in it.
    maximum: String,
    /// The terms the previews take (`fundSubscribePreview`, `fundRedeemPreview`).
    terms: ProductTerms,
}

impl FundProduct {
    pub fn of(p: &Product, today: Date) -> FundProduct {
        let (t, asset) = (&p.terms, p.terms.asset);
        let sources: Vec<FundSource> = t
            .product_type
            .sources()
            .iter()
            .copied()
            .filter(|s| t.accepts(*s))
            .collect();
        FundProduct {
            product_id: p.id.clone(),
            product_name: p.name.clone(),
            product_type: t.product_type,
            annual_rate: t.annual_rate.percent_text(),
            asset: asset.code().to_owned(),
            period: t.fixed.map(|f| f.period()),
            raise_date: t.fixed.map(|f| f.raise_date().to_string()),
            interest_date: t.fixed.map(|f| f.interest_date().to_string()),
            maturity_date: t.fixed.map(|f| f.maturity_date().to_string()),
            subscribe: sources.clone(),
            redeem: sources,
            open: p.open_on(today),
            phase: p.phase(today),
            minimum: asset_text(p.minimum, asset),
            maximum: asset_text(p.maximum, asset),
            terms: *t,
        }
    }
}

/// What the subscribe and redeem forms take, exactly as `validate("fundSubscribe" |
/// "fundRedeem", …)` and the previews take them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundConfig {
    /// The business date (UTC) the server counts in.
    #[schema(format = Date)]
    pub today: String,
    pub subscribe: FundSubscribeContext,
    /// The current product's usable shares, or the fixed position `positionId` names; null
    /// for a fixed product without a position.
    #[schema(required = true)]
    pub redeem: Option<FundRedeemContext>,
}

/// A fund record (SPEC §3 FundRecord): a subscription, a redemption, a day's interest or a
/// maturity.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundOrder {
    id: String,
    product_id: String,
    product_name: String,
    product_type: ProductType,
    #[serde(rename = "type")]
    order_type: FundOrderType,
    /// The order's position: the user's current position of the product, or the fixed
    /// position (whose id is its subscription's order id).
    position_id: String,
    /// Where a subscription came from or a redemption went; null for interest and maturity.
    #[schema(required = true)]
    source: Option<FundSource>,
    /// The asset's code.
    asset: String,
    /// Subscribed, redeemed, the interest of the day, or the principal paid at maturity.
    amount: String,
    /// The day's interest, the interest paid at maturity, or what an early redemption
    /// forfeited.
    interest: String,
    /// What an early redemption of a fixed position forfeited ("0.00" otherwise).
    forfeited_interest: String,
    #[schema(format = Date)]
    business_date: String,
    #[schema(format = Date)]
    value_date: String,
    /// The first day a subscription earns; null otherwise.
    #[schema(required = true, format = Date)]
    interest_start_date: Option<String>,
    /// When the money arrives; null for interest.
    #[schema(required = true, format = Date)]
    delivery_date: Option<String>,
    /// Always `COMPLETED`: each record is done when it is made.
    status: String,
    /// Milliseconds since the epoch.
    created_at: i64,
}

impl FundOrder {
    /// The record `r` of `product`; `None` for a record the server cannot read.
    pub fn of(r: &Record, product: &Product) -> Option<FundOrder> {
        let asset = product.terms.asset;
        Some(FundOrder {
            id: r.id.clone(),
            product_id: product.id.clone(),
            product_name: product.name.clone(),
            product_type: product.terms.product_type,
            order_type: FundOrderType::parse(&r.order_type)?,
            position_id: r.position_id.clone(),
            source: r.source.as_deref().and_then(FundSource::parse),
            asset: asset.code().to_owned(),
            amount: asset_text(r.amount, asset),
            interest: asset_text(r.interest, asset),
            forfeited_interest: asset_text(r.forfeited_interest, asset),
            business_date: r.business_date.clone(),
            value_date: r.value_date.clone(),
            interest_start_date: r.interest_start_date.clone(),
            delivery_date: r.delivery_date.clone(),
            status: "COMPLETED".to_owned(),
            created_at: r.created_at,
        })
    }
}

/// One open fixed position of the user's (a fixed subscription, redeemed whole).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundPosition {
    /// The position's id (its subscription's order id): `GET config?positionId=` and
    /// `POST redeem` take it.
    position_id: String,
    product_id: String,
    product_name: String,
    /// The asset's code.
    asset: String,
    /// The shares subscribed.
    principal: String,
    /// The subscription's value date.
    #[schema(format = Date)]
    subscribed_date: String,
    /// The first day the principal earns.
    #[schema(format = Date)]
    interest_date: String,
    /// Principal and interest reach the fund account.
    #[schema(format = Date)]
    maturity_date: String,
    /// RAISING, WAITING or EARNING.
    phase: FixedPhase,
    /// The interest accrued so far, paid at maturity (an early redemption forfeits it).
    unsettle_profit: String,
    /// What the whole period earns: `period` days of the daily interest on the principal.
    expected_interest: String,
    /// Percent text, e.g. "3.65".
    annual_rate: String,
}

impl FundPosition {
    /// The open position `h`; `None` for a product without fixed terms.
    pub fn of(h: &Holding) -> Option<FundPosition> {
        let (terms, asset) = (&h.product.terms, h.position.asset);
        let fixed = terms.fixed?;
        Some(FundPosition {
            position_id: h.position.id.clone(),
            product_id: h.product.id.clone(),
            product_name: h.product.name.clone(),
            asset: asset.code().to_owned(),
            principal: asset_text(h.position.principal, asset),
            subscribed_date: h.subscribed.to_string(),
            interest_date: fixed.interest_date().to_string(),
            maturity_date: fixed.maturity_date().to_string(),
            phase: h.phase,
            unsettle_profit: asset_text(h.unsettle_profit, asset),
            expected_interest: asset_text(h.expected_interest, asset),
            annual_rate: terms.annual_rate.percent_text(),
        })
    }
}

/// The current product's figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentProductFigures {
    usable_shares: String,
    unusable_shares: String,
    unsettle_profit: String,
    history_profit: String,
}

/// The fixed products' figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FixedProductFigures {
    history_profit: String,
    holding_products: i64,
    total_shares: String,
    un_interest_shares: String,
    unsettle_profit: String,
    interest_shares: String,
}

/// The user's fund in one asset (SPEC §3 Fund; each figure defined in the README).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundAsset {
    asset: String,
    #[schema(format = Date)]
    business_date: String,
    history_profit: String,
    total_value: String,
    yesterday_profit: String,
    current_product: CurrentProductFigures,
    fixed_product: FixedProductFigures,
}

impl FundAsset {
    pub fn of(f: &Figures, asset: Asset, today: Date) -> FundAsset {
        let text = |minor| asset_text(minor, asset);
        let (c, x) = (&f.current, &f.fixed);
        FundAsset {
            asset: asset.code().to_owned(),
            business_date: today.to_string(),
            history_profit: text(f.history_profit),
            total_value: text(f.total_value),
            yesterday_profit: text(f.yesterday_profit),
            current_product: CurrentProductFigures {
                usable_shares: text(c.usable_shares),
                unusable_shares: text(c.unusable_shares),
                unsettle_profit: text(c.unsettle_profit),
                history_profit: text(c.history_profit),
            },
            fixed_product: FixedProductFigures {
                history_profit: text(x.history_profit),
                holding_products: x.holding_products,
                total_shares: text(x.total_shares),
                un_interest_shares: text(x.un_interest_shares),
                unsettle_profit: text(x.unsettle_profit),
                interest_shares: text(x.interest_shares),
            },
        }
    }
}

/// One business day of the user's fund (for the chart).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FundDay {
    #[schema(format = Date)]
    date: String,
    /// The interest accrued for the day on all the user's positions.
    profit: String,
    /// The shares that earned that day plus the day's interest.
    value: String,
}

impl FundDay {
    pub fn of(d: &Day, asset: Asset) -> FundDay {
        FundDay {
            date: d.date.to_string(),
            profit: asset_text(d.profit, asset),
            value: asset_text(d.value, asset),
        }
    }
}
