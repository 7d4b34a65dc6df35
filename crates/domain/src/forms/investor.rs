//! Investor identity: individual (SSN for US residents, documents) or company (company data, its
//! directors' names and nine documents).

use std::borrow::Cow;

use serde::Deserialize;
use validator::Validate;

use super::errors::on;
use super::identity::person_name;
use super::rules::{self, Rule, fail, fail_with, given};
use super::{Form, NoContext};
use crate::constants::{
    ADDRESS_MAX, BUSINESS_PROPERTY_MAX, COMPANY_ID_MAX, COMPANY_NAME_MAX, DIRECTOR_NAMES_MAX,
    NAME_MAX,
};
use crate::country::{Country, US};
use crate::error::ErrorCode;
use crate::input::Input;
use crate::text::{char_len, normalize_digits, strip_separators};

/// Longest SSN as typed, separators included.
const SSN_TEXT_MAX: usize = 16;

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = IndividualInvestorContext,
    nest_all_fields,
    schema(function = ssn_of_us_residents, use_context, skip_on_field_errors = false)
)]
pub struct IndividualInvestorForm {
    /// The SSN, asked only of US residents.
    #[validate(skip)]
    pub accessory: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub proof_of_address_img: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub tax_form_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub us_agency_license_file: Input<String>,
}

/// The country of the approved basic identity.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct IndividualInvestorContext {
    pub basic_country: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualInvestor {
    /// Nine digits, present exactly for US residents.
    pub ssn: Option<String>,
    pub proof_of_address_img: Vec<String>,
    pub tax_form_file: Vec<String>,
    pub us_agency_license_file: Vec<String>,
}

impl Form for IndividualInvestorForm {
    type Context = IndividualInvestorContext;
    type Parsed = IndividualInvestor;

    fn build(&self, context: &IndividualInvestorContext) -> Option<IndividualInvestor> {
        let ssn = if context.basic_country == US {
            Some(ssn(self.accessory.text()?)?)
        } else {
            None
        };
        Some(IndividualInvestor {
            ssn,
            proof_of_address_img: files(&self.proof_of_address_img)?,
            tax_form_file: files(&self.tax_form_file)?,
            us_agency_license_file: files(&self.us_agency_license_file)?,
        })
    }
}

/// The references of a required uploaded-file field.
fn files(input: &Input<String>) -> Option<Vec<String>> {
    input.text().map(rules::file_paths)
}

/// US residents give their Social Security Number; others are not asked for it.
fn ssn_of_us_residents(form: &IndividualInvestorForm, context: &IndividualInvestorContext) -> Rule {
    if context.basic_country != US {
        return Ok(());
    }
    let check = || {
        let text = given(&form.accessory, ErrorCode::RequiredInput)?.trim();
        if char_len(text) > SSN_TEXT_MAX {
            return Err(fail_with(ErrorCode::TextTooLong, "max", SSN_TEXT_MAX));
        }
        ssn(text).map(drop).ok_or(fail(ErrorCode::SsnInvalid))
    };
    check().map_err(|e| on("accessory", e))
}

/// A US Social Security Number as the SSA issues them: `AAA-GG-SSSS` or 9 digits; area not
/// 000, 666 or 900–999; group not 00; serial not 0000.
fn ssn(text: &str) -> Option<String> {
    let digits = strip_separators(&normalize_digits(text));
    let part = |r: std::ops::Range<usize>| digits.get(r).unwrap_or_default();
    let valid = digits.len() == 9
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !matches!(part(0..3), "000" | "666")
        && !digits.starts_with('9')
        && part(3..5) != "00"
        && part(5..9) != "0000";
    valid.then_some(digits)
}

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(context = NoContext, nest_all_fields)]
pub struct CompanyInvestorForm {
    #[validate(
        required(code = "required_input"),
        length(max = COMPANY_NAME_MAX, code = "text_too_long")
    )]
    pub company_name: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = COMPANY_ID_MAX, code = "text_too_long")
    )]
    pub company_id: Input<String>,
    #[validate(required(code = "required_choice"), custom(function = rules::countries))]
    pub register_jurisdictions: Input<Vec<String>>,
    #[validate(required(code = "required_choice"), custom(function = rules::countries))]
    pub main_business_operate_country: Input<Vec<String>>,
    #[validate(
        required(code = "required_input"),
        length(max = BUSINESS_PROPERTY_MAX, code = "text_too_long")
    )]
    pub business_property: Input<String>,
    #[validate(
        required(code = "required_input"),
        length(max = ADDRESS_MAX, code = "text_too_long")
    )]
    pub register_address: Input<String>,
    /// The directors' names (screened at commit): 1 to [`DIRECTOR_NAMES_MAX`], each a person's
    /// name by the basic identity's rule. Optional until the web form asks for it (missing or
    /// an empty list: none given).
    #[validate(custom(function = director_names))]
    pub director_names: Input<Vec<String>>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub register_certificate_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub shareholder_structure_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub director_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub company_regulation_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub company_structure_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub shareholder_passport_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub tax_form_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub us_agency_license_file: Input<String>,
    #[validate(required(code = "required_file"), custom(function = rules::files))]
    pub proof_of_address_img: Input<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyInvestor {
    pub company_name: String,
    pub company_id: String,
    pub register_jurisdictions: Vec<Country>,
    pub main_business_operate_country: Vec<Country>,
    pub business_property: String,
    pub register_address: String,
    /// Trimmed; empty when none were given.
    pub director_names: Vec<String>,
    /// The nine documents, by API field name, in the order of [`COMPANY_DOCUMENTS`].
    pub documents: Vec<(&'static str, Vec<String>)>,
}

/// The nine document fields a company investor uploads.
pub const COMPANY_DOCUMENTS: [&str; 9] = [
    "registerCertificateFile",
    "shareholderStructureFile",
    "directorFile",
    "companyRegulationFile",
    "companyStructureFile",
    "shareholderPassportFile",
    "taxFormFile",
    "usAgencyLicenseFile",
    "proofOfAddressImg",
];

impl Form for CompanyInvestorForm {
    type Context = NoContext;
    type Parsed = CompanyInvestor;

    fn build(&self, _: &NoContext) -> Option<CompanyInvestor> {
        let text = |input: &Input<String>| input.text().map(str::to_owned);
        let countries = |input: &Input<Vec<String>>| rules::countries_of(input.value()?);
        let documents = [
            &self.register_certificate_file,
            &self.shareholder_structure_file,
            &self.director_file,
            &self.company_regulation_file,
            &self.company_structure_file,
            &self.shareholder_passport_file,
            &self.tax_form_file,
            &self.us_agency_license_file,
            &self.proof_of_address_img,
        ];
        Some(CompanyInvestor {
            company_name: text(&self.company_name)?,
            company_id: text(&self.company_id)?,
            register_jurisdictions: countries(&self.register_jurisdictions)?,
            main_business_operate_country: countries(&self.main_business_operate_country)?,
            business_property: text(&self.business_property)?,
            register_address: text(&self.register_address)?,
            director_names: self
                .director_names
                .value()
                .map(|names| names.iter().map(|n| n.trim().to_owned()).collect())
                .unwrap_or_default(),
            documents: COMPANY_DOCUMENTS
                .into_iter()
                .zip(documents)
                .map(|(field, input)| Some((field, files(input)?)))
                .collect::<Option<Vec<_>>>()?,
        })
    }
}

/// At most [`DIRECTOR_NAMES_MAX`] names, each given (`required_input`), at most [`NAME_MAX`]
/// characters (`text_too_long`) and a person's name (`name_invalid_characters`,
/// `name_needs_latin`); the first bad name's error carries its position from 0 (`index`).
fn director_names(input: &Input<Vec<String>>) -> Rule {
    let Some(names) = input.value() else {
        return Ok(());
    };
    if names.len() > DIRECTOR_NAMES_MAX {
        return Err(fail_with(
            ErrorCode::DirectorNamesTooMany,
            "max",
            DIRECTOR_NAMES_MAX,
        ));
    }
    for (index, name) in names.iter().enumerate() {
        let name = name.trim();
        let checked = if name.is_empty() {
            Err(fail(ErrorCode::RequiredInput))
        } else if char_len(name) > NAME_MAX {
            Err(fail_with(ErrorCode::TextTooLong, "max", NAME_MAX))
        } else {
            person_name(name)
        };
        if let Err(mut error) = checked {
            error.add_param(Cow::Borrowed("index"), &index);
            return Err(error);
        }
    }
    Ok(())
}
