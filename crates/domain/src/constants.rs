//! Business constants of the product (SPEC §9), in one place for the server and the browser.

use serde::Serialize;

use crate::upload;

pub const PAGE_SIZE: u32 = 10;
pub const FIRST_PAGE: u32 = 1;
/// The server never answers more than this many rows a page.
pub const MAX_PAGE_SIZE: u32 = 100;
/// Pixels from the bottom at which a mobile list loads more.
pub const LOAD_MORE_DISTANCE: u32 = 20;
pub const PIN_LENGTH: usize = 6;
pub const CODE_LENGTH: usize = 6;
pub const DEVICE_NAME_MAX: usize = 16;
pub const REQUEST_TIMEOUT_MS: u32 = 6000;
pub const CAPTCHA_COUNTDOWN_SECONDS: u32 = 59;
pub const POST_SUCCESS_DELAY_MS: u32 = 500;
/// Current fund default annual rate: 3.65% in basis points.
pub const DEFAULT_ANNUAL_RATE_BPS: u32 = 365;
pub const BASIC_IDENTITY_STEPS: u32 = 2;
pub const INDIVIDUAL_INVESTOR_STEPS: u32 = 3;
pub const COMPANY_INVESTOR_STEPS: u32 = 4;
pub const DEFAULT_LOCALE: &str = "en-US";
pub const LOCALES: &[&str] = &["en-US", "zh-HK"];
/// Youngest age at which an identity can be verified.
pub const ADULT_AGE: i32 = 18;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

// Text field limits (characters).
pub const NAME_MAX: usize = 64;
pub const ADDRESS_MAX: usize = 200;
pub const PLACE_MAX: usize = 64;
pub const POSTCODE_MAX: usize = 16;
pub const NICKNAME_MAX: usize = 32;
pub const BANK_NAME_MAX: usize = 128;
pub const COMPANY_NAME_MAX: usize = 128;
pub const COMPANY_ID_MAX: usize = 64;
pub const BUSINESS_PROPERTY_MAX: usize = 128;
/// Most directors a company investor names.
pub const DIRECTOR_NAMES_MAX: usize = 20;

/// The constants the web app reads, in one object.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Constants {
    pub page_size: u32,
    pub first_page: u32,
    pub load_more_distance: u32,
    pub pin_length: usize,
    pub code_length: usize,
    pub device_name_max: usize,
    pub request_timeout_ms: u32,
    pub captcha_countdown_seconds: u32,
    pub post_success_delay_ms: u32,
    pub default_annual_rate_bps: u32,
    pub basic_identity_steps: u32,
    pub individual_investor_steps: u32,
    pub company_investor_steps: u32,
    pub default_locale: &'static str,
    pub locales: &'static [&'static str],
    pub upload_max_bytes: u64,
    pub upload_name_max: usize,
    pub upload_max_files: usize,
    pub director_names_max: usize,
    pub upload_extensions: &'static [&'static str],
    pub password_min: usize,
    pub password_max: usize,
}

pub const CONSTANTS: Constants = Constants {
    page_size: PAGE_SIZE,
    first_page: FIRST_PAGE,
    load_more_distance: LOAD_MORE_DISTANCE,
    pin_length: PIN_LENGTH,
    code_length: CODE_LENGTH,
    device_name_max: DEVICE_NAME_MAX,
    request_timeout_ms: REQUEST_TIMEOUT_MS,
    captcha_countdown_seconds: CAPTCHA_COUNTDOWN_SECONDS,
    post_success_delay_ms: POST_SUCCESS_DELAY_MS,
    default_annual_rate_bps: DEFAULT_ANNUAL_RATE_BPS,
    basic_identity_steps: BASIC_IDENTITY_STEPS,
    individual_investor_steps: INDIVIDUAL_INVESTOR_STEPS,
    company_investor_steps: COMPANY_INVESTOR_STEPS,
    default_locale: DEFAULT_LOCALE,
    locales: LOCALES,
    upload_max_bytes: upload::UPLOAD_MAX_BYTES,
    upload_name_max: upload::UPLOAD_NAME_MAX,
    upload_max_files: upload::UPLOAD_MAX_FILES,
    director_names_max: DIRECTOR_NAMES_MAX,
    upload_extensions: upload::UPLOAD_EXTENSIONS,
    password_min: PASSWORD_MIN,
    password_max: PASSWORD_MAX,
};
