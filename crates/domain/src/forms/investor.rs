//! Investor identity: individual (SSN for US residents, documents) or company (company data and
//! nine documents).

use crate::input::{form_input, from_raw_struct};

use super::fields::Check;
use super::{Form, NoContext};
use crate::constants::{ADDRESS_MAX, BUSINESS_PROPERTY_MAX, COMPANY_ID_MAX, COMPANY_NAME_MAX};
use crate::country::{Country, US};
use crate::error::{ErrorCode, FieldError};
use crate::input::Input;
use crate::text::{normalize_digits, strip_separators};

form_input! {
    pub struct IndividualInvestorForm {
        /// The SSN, asked only of US residents.
        pub accessory: Input<String> = "accessory",
        pub proof_of_address_img: Input<String> = "proofOfAddressImg",
        pub tax_form_file: Input<String> = "taxFormFile",
        pub us_agency_license_file: Input<String> = "usAgencyLicenseFile",
    }
}

/// The country of the approved basic identity.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", serde(rename_all = "camelCase"))]
pub struct IndividualInvestorContext {
    pub basic_country: String,
}

from_raw_struct!(IndividualInvestorContext {
    basic_country: "basicCountry"
});

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

    fn parse(
        &self,
        context: &IndividualInvestorContext,
    ) -> Result<IndividualInvestor, Vec<FieldError>> {
        let mut c = Check::default();
        let ssn = if context.basic_country == US {
            ssn(&mut c, &self.accessory).map(Some)
        } else {
            Some(None)
        };
        let proof = c.files("proofOfAddressImg", &self.proof_of_address_img, true);
        let tax = c.files("taxFormFile", &self.tax_form_file, true);
        let license = c.files("usAgencyLicenseFile", &self.us_agency_license_file, true);
        c.build(|| {
            Some(IndividualInvestor {
                ssn: ssn?,
                proof_of_address_img: proof?,
                tax_form_file: tax?,
                us_agency_license_file: license?,
            })
        })
    }
}

/// A US Social Security Number as the SSA issues them: `AAA-GG-SSSS` or 9 digits; area not
/// 000, 666 or 900–999; group not 00; serial not 0000.
fn ssn(c: &mut Check, input: &Input<String>) -> Option<String> {
    let text = c.text("accessory", input, ErrorCode::RequiredInput, 16)?;
    let digits = strip_separators(&normalize_digits(&text));
    let part = |r: std::ops::Range<usize>| digits.get(r).unwrap_or_default();
    let valid = digits.len() == 9
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !matches!(part(0..3), "000" | "666")
        && !digits.starts_with('9')
        && part(3..5) != "00"
        && part(5..9) != "0000";
    if valid {
        Some(digits)
    } else {
        c.reject("accessory", ErrorCode::SsnInvalid);
        None
    }
}

form_input! {
    pub struct CompanyInvestorForm {
        pub company_name: Input<String> = "companyName",
        pub company_id: Input<String> = "companyId",
        pub register_jurisdictions: Input<Vec<String>> = "registerJurisdictions",
        pub main_business_operate_country: Input<Vec<String>> = "mainBusinessOperateCountry",
        pub business_property: Input<String> = "businessProperty",
        pub register_address: Input<String> = "registerAddress",
        pub register_certificate_file: Input<String> = "registerCertificateFile",
        pub shareholder_structure_file: Input<String> = "shareholderStructureFile",
        pub director_file: Input<String> = "directorFile",
        pub company_regulation_file: Input<String> = "companyRegulationFile",
        pub company_structure_file: Input<String> = "companyStructureFile",
        pub shareholder_passport_file: Input<String> = "shareholderPassportFile",
        pub tax_form_file: Input<String> = "taxFormFile",
        pub us_agency_license_file: Input<String> = "usAgencyLicenseFile",
        pub proof_of_address_img: Input<String> = "proofOfAddressImg",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyInvestor {
    pub company_name: String,
    pub company_id: String,
    pub register_jurisdictions: Vec<Country>,
    pub main_business_operate_country: Vec<Country>,
    pub business_property: String,
    pub register_address: String,
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

    fn parse(&self, _: &NoContext) -> Result<CompanyInvestor, Vec<FieldError>> {
        let mut c = Check::default();
        let company_name = c.text(
            "companyName",
            &self.company_name,
            ErrorCode::RequiredInput,
            COMPANY_NAME_MAX,
        );
        let company_id = c.text(
            "companyId",
            &self.company_id,
            ErrorCode::RequiredInput,
            COMPANY_ID_MAX,
        );
        let jurisdictions = c.countries("registerJurisdictions", &self.register_jurisdictions);
        let operating = c.countries(
            "mainBusinessOperateCountry",
            &self.main_business_operate_country,
        );
        let property = c.text(
            "businessProperty",
            &self.business_property,
            ErrorCode::RequiredInput,
            BUSINESS_PROPERTY_MAX,
        );
        let address = c.text(
            "registerAddress",
            &self.register_address,
            ErrorCode::RequiredInput,
            ADDRESS_MAX,
        );
        let inputs = [
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
        let documents: Vec<Option<(&'static str, Vec<String>)>> = COMPANY_DOCUMENTS
            .iter()
            .zip(inputs)
            .map(|(field, input)| c.files(field, input, true).map(|f| (*field, f)))
            .collect();
        c.build(|| {
            Some(CompanyInvestor {
                company_name: company_name?,
                company_id: company_id?,
                register_jurisdictions: jurisdictions?,
                main_business_operate_country: operating?,
                business_property: property?,
                register_address: address?,
                documents: documents.into_iter().collect::<Option<Vec<_>>>()?,
            })
        })
    }
}
