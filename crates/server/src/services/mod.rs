//! What the routes are built from: each service one concern, callable inside a transaction.

pub mod accounts;
pub mod authenticators;
pub mod captcha;
pub mod email_codes;
pub mod ledger;
pub mod login_tickets;
pub mod passwords;
pub mod security_log;
pub mod sessions;
pub mod throttle;
pub mod vault;
pub mod verification;
pub mod wires;
