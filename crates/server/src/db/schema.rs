//! The tables, as diesel sees them; the same on both databases (see `migrations/`).
//! Ids are UUIDv7 text, times are UTC milliseconds since the Unix epoch.

diesel::table! {
    users (id) {
        id -> Text,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        locale -> Text,
        first_name -> Nullable<Text>,
        last_name -> Nullable<Text>,
        country -> Nullable<Text>,
        mobile -> Nullable<Text>,
        mobile_code -> Nullable<Text>,
        mobile_country -> Nullable<Text>,
        identity_status -> Integer,
        investor_status -> Integer,
        aml_status -> Integer,
        qi_status -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    user_security (user_id) {
        user_id -> Text,
        pin_hash -> Nullable<Text>,
        login_email -> Bool,
        login_mfa -> Bool,
        trade_email -> Bool,
        trade_mfa -> Bool,
        trade_security -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Text,
        token_hash -> Text,
        created_at -> BigInt,
        last_seen_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
        ip -> Text,
        user_agent -> Text,
    }
}

diesel::table! {
    email_codes (id) {
        id -> Text,
        email -> Text,
        purpose -> Text,
        code_hash -> Text,
        attempts -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        consumed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    pending_logins (id) {
        id -> Text,
        user_id -> Text,
        need_email -> Bool,
        need_mfa -> Bool,
        need_security -> Bool,
        attempts -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        consumed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    captcha_solutions (challenge) {
        challenge -> Text,
        expires_at -> BigInt,
    }
}

diesel::table! {
    rate_limits (key) {
        key -> Text,
        window_start -> BigInt,
        hits -> Integer,
    }
}

diesel::table! {
    security_events (id) {
        id -> Text,
        user_id -> Nullable<Text>,
        kind -> Text,
        ip -> Text,
        user_agent -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    authenticators (id) {
        id -> Text,
        user_id -> Text,
        remark -> Text,
        secret_sealed -> Text,
        last_used_step -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    authenticator_keys (user_id) {
        user_id -> Text,
        secret_sealed -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    ledger_accounts (id) {
        id -> Text,
        account_key -> Text,
        user_id -> Nullable<Text>,
        kind -> Text,
        currency -> Text,
        balance -> BigInt,
        may_go_negative -> Bool,
        created_at -> BigInt,
    }
}

diesel::table! {
    ledger_transactions (id) {
        id -> Text,
        kind -> Text,
        reference -> Text,
        user_id -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    ledger_entries (id) {
        id -> Text,
        transaction_id -> Text,
        account_id -> Text,
        amount -> BigInt,
        created_at -> BigInt,
    }
}

diesel::joinable!(user_security -> users (user_id));
diesel::joinable!(ledger_entries -> ledger_accounts (account_id));
diesel::joinable!(ledger_entries -> ledger_transactions (transaction_id));
diesel::joinable!(authenticators -> users (user_id));
diesel::joinable!(authenticator_keys -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(pending_logins -> users (user_id));
diesel::joinable!(security_events -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    user_security,
    sessions,
    email_codes,
    pending_logins,
    captcha_solutions,
    rate_limits,
    security_events,
    authenticators,
    authenticator_keys,
    ledger_accounts,
    ledger_transactions,
    ledger_entries,
);
