//! What the routes are built from: each service one concern, callable inside a transaction.

pub mod accounts;
pub mod authenticators;
pub mod bank_accounts;
pub mod bins;
pub mod captcha;
pub mod card_events;
pub mod cards;
pub mod email_codes;
pub mod idempotency;
pub mod identity;
pub mod issuer;
pub mod ledger;
pub mod login_guard;
pub mod login_tickets;
pub mod operator_audit;
pub mod passwords;
pub mod screening;
pub mod security_log;
pub mod sessions;
pub mod throttle;
pub mod trusted_devices;
pub mod uploads;
pub mod vault;
pub mod verification;
pub mod wires;
pub mod withdrawals;
