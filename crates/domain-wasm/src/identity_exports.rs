//! The identity module's exports: what the profile page's dialogs need besides the core module
//! (basic identity, investor certification, the AML and QI questionnaires: their forms, the
//! questions, and the checks of the documents uploaded for them).

use wasm_bindgen::prelude::*;

use crate::{Result, safe_integer, to_js};

/// `undefined` when the file may be uploaded, else the rejection naming it.
#[wasm_bindgen(js_name = checkFile, unchecked_return_type = "FieldError | undefined")]
pub fn check_file(name: &str, size: f64, head: &[u8]) -> Result<JsValue> {
    let size = u64::try_from(safe_integer(size)?)
        .map_err(|_| JsError::new("size must not be negative"))?;
    match domain::upload::check_file(name, size, head) {
        Ok(_) => Ok(JsValue::UNDEFINED),
        Err(rejection) => to_js(&rejection),
    }
}

/// The files `field` keeps after adding `incoming` to `current`.
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen passes JS arrays as owned vectors
#[wasm_bindgen(js_name = selectFiles, unchecked_return_type = "UploadSelection")]
pub fn select_files(field: &str, current: Vec<String>, incoming: Vec<String>) -> Result<JsValue> {
    to_js(&domain::upload::select_files(field, &current, &incoming))
}

#[wasm_bindgen(js_name = maxFiles)]
pub fn max_files(field: &str) -> usize {
    domain::upload::max_files(field)
}

/// The AML questionnaire's questions and answers.
#[wasm_bindgen(js_name = amlQuestions, unchecked_return_type = "Question[]")]
pub fn aml_questions() -> Result<JsValue> {
    to_js(domain::options::AML_QUESTIONS)
}

/// The QI questionnaire's questions and answers.
#[wasm_bindgen(js_name = qiQuestions, unchecked_return_type = "Question[]")]
pub fn qi_questions() -> Result<JsValue> {
    to_js(domain::options::QI_QUESTIONS)
}
