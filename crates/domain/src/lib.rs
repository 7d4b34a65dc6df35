//! The rules of fiscard that the browser and the server both enforce.
//!
//! Pure Rust, no I/O and no clock: time, balances and the user's settings come in as
//! parameters. The server links this crate directly; the browser gets the same code through
//! `domain-wasm`. Every validation answers with [`FieldError`]s whose `code` is a key of the
//! message catalogue in `locales/`.

pub mod bank;
pub mod bin;
pub mod card;
pub mod card_transaction;
pub mod constants;
pub mod country;
pub mod date;
pub mod email;
pub mod error;
pub mod exchange;
pub mod first_steps;
pub mod forms;
pub mod fund;
pub mod gates;
pub mod i18n;
pub mod identity;
pub mod input;
pub mod labels;
mod macros;
pub mod mask;
pub mod money;
pub mod options;
pub mod orders;
pub mod phone;
pub mod review;
pub mod security;
pub mod text;
pub mod upload;
#[cfg(feature = "stream")]
pub mod upload_stream;
pub mod wallet;
pub mod wire_memo;
pub mod withdrawal;

pub use error::{ErrorCode, FieldError};
pub use forms::{FormName, WasmModule, validate};
pub use input::Input;
