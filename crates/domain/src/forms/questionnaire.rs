//! The anti-money-laundering (AML) and qualified-investor (QI) questionnaires; some questions
//! are for individual investors only.

use crate::input::{form_input, from_raw_struct};

use super::Form;
use super::fields::Check;
use crate::error::{ErrorCode, FieldError};
use crate::identity::InvestorType;
use crate::input::{DecimalText, Input};
use crate::money::{AmountError, USD, parse_amount};
use crate::options;

/// The approved investor identity's type (0 individual, 1 company).
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", serde(rename_all = "camelCase"))]
pub struct InvestorContext {
    #[cfg_attr(feature = "ts", tsify(type = "0 | 1"))]
    pub investor_type: InvestorType,
}

from_raw_struct!(InvestorContext {
    investor_type: "investorType"
});

form_input! {
    pub struct AmlForm {
        pub source_of_fund: Input<Vec<String>> = "sourceOfFund",
        pub purpose_of_investment: Input<Vec<String>> = "purposeOfInvestment",
        /// Individuals only.
        pub employment_status: Input<String> = "employmentStatus",
        pub have_been_politically_exposed_person: Input<String> = "haveBeenPoliticallyExposedPerson",
        pub products_to_subscribe: Input<String> = "productsToSubscribe",
        /// USD.
        pub planned_investment_amount: Input<DecimalText> = "plannedInvestmentAmount",
        pub how_to_learn: Input<String> = "howToLearn",
    }
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

    fn parse(&self, context: &InvestorContext) -> Result<Aml, Vec<FieldError>> {
        let investor = context.investor_type;
        let mut c = Check::default();
        let sources = c.choices(&self.source_of_fund, &options::SOURCE_OF_FUND, investor);
        let purposes = c.choices(
            &self.purpose_of_investment,
            &options::PURPOSE_OF_INVESTMENT,
            investor,
        );
        let employment = match investor {
            InvestorType::Individual => c
                .choice(
                    &self.employment_status,
                    &options::EMPLOYMENT_STATUS,
                    investor,
                )
                .map(Some),
            InvestorType::Company => Some(None),
        };
        let pep = c.choice(
            &self.have_been_politically_exposed_person,
            &options::POLITICALLY_EXPOSED,
            investor,
        );
        let product = c.choice(
            &self.products_to_subscribe,
            &options::PRODUCTS_TO_SUBSCRIBE,
            investor,
        );
        let planned = planned_amount(&mut c, &self.planned_investment_amount);
        let learn = c.choice(&self.how_to_learn, &options::HOW_TO_LEARN, investor);
        c.build(|| {
            Some(Aml {
                source_of_fund: sources?,
                purpose_of_investment: purposes?,
                employment_status: employment?,
                politically_exposed: pep?,
                products_to_subscribe: product?,
                planned_investment_minor: planned?,
                how_to_learn: learn?,
            })
        })
    }
}

fn planned_amount(c: &mut Check, input: &Input<DecimalText>) -> Option<i64> {
    const FIELD: &str = "plannedInvestmentAmount";
    let code = match input {
        Input::WrongType => ErrorCode::InvalidType,
        Input::Missing => ErrorCode::RequiredInput,
        Input::Value(DecimalText(text)) => match parse_amount(text, USD.scale) {
            Ok(minor) if minor > 0 => return Some(minor),
            Ok(_) => ErrorCode::AmountNotPositive,
            Err(AmountError::Empty) => ErrorCode::RequiredInput,
            Err(AmountError::Invalid) => ErrorCode::AmountInvalid,
            Err(AmountError::TooManyDecimals) => {
                c.reject_with(
                    FieldError::new(FIELD, ErrorCode::AmountTooManyDecimals)
                        .with("scale", USD.scale),
                );
                return None;
            }
        },
    };
    c.reject(FIELD, code);
    None
}

form_input! {
    pub struct QiForm {
        pub total_assets: Input<String> = "totalAssets",
        /// Individuals only.
        pub net_assets: Input<String> = "netAssets",
        /// Individuals only.
        pub annual_income: Input<String> = "annualIncome",
        /// Individuals only.
        pub industry_veteran: Input<String> = "industryVeteran",
    }
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

    fn parse(&self, context: &InvestorContext) -> Result<Qi, Vec<FieldError>> {
        let investor = context.investor_type;
        let mut c = Check::default();
        let total = c.choice(&self.total_assets, &options::TOTAL_ASSETS, investor);
        let mut individual_only =
            |input: &Input<String>, question: &options::Question| match investor {
                InvestorType::Individual => c.choice(input, question, investor).map(Some),
                InvestorType::Company => Some(None),
            };
        let net = individual_only(&self.net_assets, &options::NET_ASSETS);
        let income = individual_only(&self.annual_income, &options::ANNUAL_INCOME);
        let veteran = individual_only(&self.industry_veteran, &options::INDUSTRY_VETERAN);
        c.build(|| {
            Some(Qi {
                total_assets: total?,
                net_assets: net?,
                annual_income: income?,
                industry_veteran: veteran?,
            })
        })
    }
}
