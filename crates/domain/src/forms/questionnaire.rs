//! The anti-money-laundering (AML) and qualified-investor (QI) questionnaires; some questions
//! are for individual investors only.

use serde::Deserialize;
use validator::Validate;

use super::Form;
use super::errors::on;
use super::rules::{self, Rule, given};
use crate::error::ErrorCode;
use crate::identity::InvestorType;
use crate::input::{Blank, DecimalText, Input};
use crate::options::{self, Question};

/// The approved investor identity's type (0 individual, 1 company).
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct InvestorContext {
    #[cfg_attr(feature = "ts", tsify(type = "0 | 1"))]
    pub investor_type: InvestorType,
}

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = InvestorContext,
    nest_all_fields,
    schema(function = employment_of_individuals, use_context, skip_on_field_errors = false)
)]
pub struct AmlForm {
    #[validate(required(code = "required_choice"), custom(function = source_of_fund, use_context))]
    pub source_of_fund: Input<Vec<String>>,
    #[validate(required(code = "required_choice"), custom(function = purpose, use_context))]
    pub purpose_of_investment: Input<Vec<String>>,
    /// Individuals only.
    #[validate(skip)]
    pub employment_status: Input<String>,
    #[validate(required(code = "required_choice"), custom(function = pep, use_context))]
    pub have_been_politically_exposed_person: Input<String>,
    #[validate(required(code = "required_choice"), custom(function = product, use_context))]
    pub products_to_subscribe: Input<String>,
    /// USD.
    #[validate(required(code = "required_input"), custom(function = planned_amount))]
    pub planned_investment_amount: Input<DecimalText>,
    #[validate(required(code = "required_choice"), custom(function = how_to_learn, use_context))]
    pub how_to_learn: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aml {
    pub source_of_fund: Vec<String>,
    pub purpose_of_investment: Vec<String>,
    pub employment_status: Option<String>,
    pub politically_exposed: String,
    pub products_to_subscribe: String,
    /// Cents.
    pub planned_investment_minor: i64,
    pub how_to_learn: String,
}

impl Form for AmlForm {
    type Context = InvestorContext;
    type Parsed = Aml;

    fn build(&self, context: &InvestorContext) -> Option<Aml> {
        let trimmed = |list: &Input<Vec<String>>| {
            list.value()
                .map(|l| l.iter().map(|a| a.trim().to_owned()).collect())
        };
        Some(Aml {
            source_of_fund: trimmed(&self.source_of_fund)?,
            purpose_of_investment: trimmed(&self.purpose_of_investment)?,
            employment_status: match context.investor_type {
                InvestorType::Individual => Some(self.employment_status.text()?.to_owned()),
                InvestorType::Company => None,
            },
            politically_exposed: self.have_been_politically_exposed_person.text()?.to_owned(),
            products_to_subscribe: self.products_to_subscribe.text()?.to_owned(),
            planned_investment_minor: rules::usd_amount(
                self.planned_investment_amount.value()?,
                ErrorCode::RequiredInput,
            )
            .ok()?,
            how_to_learn: self.how_to_learn.text()?.to_owned(),
        })
    }
}

fn source_of_fund(input: &Input<Vec<String>>, context: &InvestorContext) -> Rule {
    rules::choices(input, &options::SOURCE_OF_FUND, context.investor_type)
}

fn purpose(input: &Input<Vec<String>>, context: &InvestorContext) -> Rule {
    rules::choices(
        input,
        &options::PURPOSE_OF_INVESTMENT,
        context.investor_type,
    )
}

fn pep(input: &Input<String>, context: &InvestorContext) -> Rule {
    rules::choice(input, &options::POLITICALLY_EXPOSED, context.investor_type)
}

fn product(input: &Input<String>, context: &InvestorContext) -> Rule {
    rules::choice(
        input,
        &options::PRODUCTS_TO_SUBSCRIBE,
        context.investor_type,
    )
}

fn how_to_learn(input: &Input<String>, context: &InvestorContext) -> Rule {
    rules::choice(input, &options::HOW_TO_LEARN, context.investor_type)
}

fn planned_amount(input: &Input<DecimalText>) -> Rule {
    match input.value() {
        Some(amount) if !amount.is_blank() => {
            rules::usd_amount(amount, ErrorCode::RequiredInput).map(drop)
        }
        _ => Ok(()),
    }
}

fn employment_of_individuals(form: &AmlForm, context: &InvestorContext) -> Rule {
    individual_only(
        "employmentStatus",
        &form.employment_status,
        &options::EMPLOYMENT_STATUS,
        context,
    )
}

/// A question only individual investors answer: required of them, ignored for companies.
fn individual_only(
    field: &'static str,
    input: &Input<String>,
    question: &Question,
    context: &InvestorContext,
) -> Rule {
    if context.investor_type == InvestorType::Company {
        return Ok(());
    }
    given(input, ErrorCode::RequiredChoice)
        .map(drop)
        .and_then(|()| rules::choice(input, question, context.investor_type))
        .map_err(|e| on(field, e))
}

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = InvestorContext,
    nest_all_fields,
    schema(function = net_assets_of_individuals, use_context, skip_on_field_errors = false),
    schema(function = income_of_individuals, use_context, skip_on_field_errors = false),
    schema(function = experience_of_individuals, use_context, skip_on_field_errors = false)
)]
pub struct QiForm {
    #[validate(required(code = "required_choice"), custom(function = total_assets, use_context))]
    pub total_assets: Input<String>,
    /// Individuals only.
    #[validate(skip)]
    pub net_assets: Input<String>,
    /// Individuals only.
    #[validate(skip)]
    pub annual_income: Input<String>,
    /// Individuals only.
    #[validate(skip)]
    pub industry_veteran: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qi {
    pub total_assets: String,
    pub net_assets: Option<String>,
    pub annual_income: Option<String>,
    pub industry_veteran: Option<String>,
}

impl Form for QiForm {
    type Context = InvestorContext;
    type Parsed = Qi;

    fn build(&self, context: &InvestorContext) -> Option<Qi> {
        let individual_only = |input: &Input<String>| match context.investor_type {
            InvestorType::Individual => input.text().map(|t| Some(t.to_owned())),
            InvestorType::Company => Some(None),
        };
        Some(Qi {
            total_assets: self.total_assets.text()?.to_owned(),
            net_assets: individual_only(&self.net_assets)?,
            annual_income: individual_only(&self.annual_income)?,
            industry_veteran: individual_only(&self.industry_veteran)?,
        })
    }
}

fn total_assets(input: &Input<String>, context: &InvestorContext) -> Rule {
    rules::choice(input, &options::TOTAL_ASSETS, context.investor_type)
}

fn net_assets_of_individuals(form: &QiForm, context: &InvestorContext) -> Rule {
    individual_only("netAssets", &form.net_assets, &options::NET_ASSETS, context)
}

fn income_of_individuals(form: &QiForm, context: &InvestorContext) -> Rule {
    individual_only(
        "annualIncome",
        &form.annual_income,
        &options::ANNUAL_INCOME,
        context,
    )
}

fn experience_of_individuals(form: &QiForm, context: &InvestorContext) -> Rule {
    individual_only(
        "industryVeteran",
        &form.industry_veteran,
        &options::INDUSTRY_VETERAN,
        context,
    )
}
