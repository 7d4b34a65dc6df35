//! Black-box tests of the HTTP API: the real server on a random port with a fresh database
//! (SQLite, or PostgreSQL when `TEST_DATABASE_URL` is set), driven as a browser would.
//! One module per route (or concern), names that read as sentences.

mod authenticators;
mod authorization_overload;
mod bank_accounts;
mod captcha;
mod card_events;
mod card_properties;
mod cards;
mod case_files;
mod cli;
mod concurrency;
mod contract;
mod directors;
mod email_code;
mod first_steps;
mod forget_password;
mod health;
mod helpers;
mod hold_expiry;
mod identity;
mod idor;
mod ledger;
mod logging;
mod login;
mod login_protection;
mod logout;
mod mobile;
mod openapi;
mod policy_matrix;
mod profile;
mod races;
mod register;
mod schema_check;
mod screening;
mod security_center;
mod security_log;
mod session_list;
mod sessions;
mod spending_counters;
mod step_up;
mod switches;
mod test_clock;
mod uploads;
mod user_info;
mod web;
