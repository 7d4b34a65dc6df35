//! The fixed answers of the AML and qualified-investor (QI) questionnaires. Each option's
//! label is the catalogue key `<question>.<code>` (e.g. `aml.purpose.assetAppreciation`).

use serde::Serialize;

use crate::identity::InvestorType;

/// Which investor types may pick an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Audience {
    All,
    Individual,
    Company,
}

impl Audience {
    pub fn includes(self, investor: InvestorType) -> bool {
        match self {
            Self::All => true,
            Self::Individual => investor == InvestorType::Individual,
            Self::Company => investor == InvestorType::Company,
        }
    }
}

/// One answer of a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Choice {
    pub code: &'static str,
    pub audience: Audience,
}

const fn all(code: &'static str) -> Choice {
    Choice {
        code,
        audience: Audience::All,
    }
}
const fn individual(code: &'static str) -> Choice {
    Choice {
        code,
        audience: Audience::Individual,
    }
}
const fn company(code: &'static str) -> Choice {
    Choice {
        code,
        audience: Audience::Company,
    }
}

/// A question: its catalogue prefix and its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// The API field.
    pub field: &'static str,
    /// Catalogue key prefix of the labels.
    pub label_prefix: &'static str,
    /// Several answers may be picked (the field is a list), else exactly one.
    pub multiple: bool,
    pub choices: &'static [Choice],
}

impl Question {
    /// Whether `code` is an answer `investor` may give.
    pub fn allows(&self, code: &str, investor: InvestorType) -> bool {
        self.choices
            .iter()
            .any(|c| c.code == code && c.audience.includes(investor))
    }
}

pub const SOURCE_OF_FUND: Question = Question {
    field: "sourceOfFund",
    label_prefix: "aml.source_of_fund",
    multiple: true,
    choices: &[
        all("investmentIncome"),
        company("ownFund"),
        company("inheritance"),
        individual("salary"),
        individual("business"),
        individual("others"),
    ],
};

pub const PURPOSE_OF_INVESTMENT: Question = Question {
    field: "purposeOfInvestment",
    label_prefix: "aml.purpose",
    multiple: true,
    choices: &[
        all("assetAppreciation"),
        all("assetPreservation"),
        all("liquidityManagement"),
        all("other"),
    ],
};

pub const EMPLOYMENT_STATUS: Question = Question {
    field: "employmentStatus",
    label_prefix: "aml.employment",
    multiple: false,
    choices: &[
        individual("selfEmployed"),
        individual("employedByOthers"),
        individual("studentAbove24OrRetired"),
        individual("studentBelow24"),
    ],
};

pub const POLITICALLY_EXPOSED: Question = Question {
    field: "haveBeenPoliticallyExposedPerson",
    label_prefix: "aml.pep",
    multiple: false,
    choices: &[
        all("currentlyInPosition"),
        all("dischargedWithin2Years"),
        all("discharged2To5Years"),
        all("dischargedOver5Years"),
        all("neverPep"),
    ],
};

pub const PRODUCTS_TO_SUBSCRIBE: Question = Question {
    field: "productsToSubscribe",
    label_prefix: "aml.product",
    multiple: false,
    choices: &[all("platformNote")],
};

pub const HOW_TO_LEARN: Question = Question {
    field: "howToLearn",
    label_prefix: "aml.how_to_learn",
    multiple: false,
    choices: &[
        all("onlineSearchOrReferral"),
        all("contactWithManagers"),
        all("preExistingRelationship"),
    ],
};

pub const TOTAL_ASSETS: Question = Question {
    field: "totalAssets",
    label_prefix: "qi.total_assets",
    multiple: false,
    choices: &[all("A1"), all("A2")],
};
pub const NET_ASSETS: Question = Question {
    field: "netAssets",
    label_prefix: "qi.net_assets",
    multiple: false,
    choices: &[individual("N1"), individual("N2")],
};
pub const ANNUAL_INCOME: Question = Question {
    field: "annualIncome",
    label_prefix: "qi.annual_income",
    multiple: false,
    choices: &[individual("I1"), individual("I0")],
};
pub const INDUSTRY_VETERAN: Question = Question {
    field: "industryVeteran",
    label_prefix: "qi.industry_veteran",
    multiple: false,
    choices: &[individual("C1"), individual("C2"), individual("C0")],
};

/// Every question of the AML questionnaire except the planned amount (free input).
pub const AML_QUESTIONS: &[Question] = &[
    SOURCE_OF_FUND,
    PURPOSE_OF_INVESTMENT,
    EMPLOYMENT_STATUS,
    POLITICALLY_EXPOSED,
    PRODUCTS_TO_SUBSCRIBE,
    HOW_TO_LEARN,
];
/// Every question of the QI questionnaire.
pub const QI_QUESTIONS: &[Question] = &[TOTAL_ASSETS, NET_ASSETS, ANNUAL_INCOME, INDUSTRY_VETERAN];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_of_funds_depend_on_the_investor_type() {
        assert!(SOURCE_OF_FUND.allows("investmentIncome", InvestorType::Company));
        assert!(SOURCE_OF_FUND.allows("salary", InvestorType::Individual));
        assert!(!SOURCE_OF_FUND.allows("salary", InvestorType::Company));
        assert!(!SOURCE_OF_FUND.allows("ownFund", InvestorType::Individual));
        assert!(!SOURCE_OF_FUND.allows("Salary", InvestorType::Individual));
    }
}
