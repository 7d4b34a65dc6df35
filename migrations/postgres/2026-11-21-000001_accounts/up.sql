-- Accounts, sessions and what guards them. Times are UTC milliseconds since the Unix epoch;
-- ids are UUIDv7 text. The SQLite and PostgreSQL versions differ only in boolean literals.

CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'user',
    locale TEXT NOT NULL DEFAULT 'en-US',
    first_name TEXT,
    last_name TEXT,
    country TEXT,
    mobile TEXT,
    mobile_code TEXT,
    mobile_country TEXT,
    identity_status INTEGER NOT NULL DEFAULT 0,
    investor_status INTEGER NOT NULL DEFAULT 0,
    aml_status INTEGER NOT NULL DEFAULT 0,
    qi_status INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE user_security (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pin_hash TEXT,
    login_email BOOLEAN NOT NULL DEFAULT FALSE,
    login_mfa BOOLEAN NOT NULL DEFAULT FALSE,
    trade_email BOOLEAN NOT NULL DEFAULT TRUE,
    trade_mfa BOOLEAN NOT NULL DEFAULT FALSE,
    trade_security BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_codes (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    consumed_at BIGINT
);
CREATE INDEX email_codes_lookup ON email_codes (email, purpose, created_at);

CREATE TABLE pending_logins (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    need_email BOOLEAN NOT NULL,
    need_mfa BOOLEAN NOT NULL,
    need_security BOOLEAN NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    consumed_at BIGINT
);

CREATE TABLE captcha_solutions (
    challenge TEXT PRIMARY KEY NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX captcha_solutions_expiry ON captcha_solutions (expires_at);

CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY NOT NULL,
    window_start BIGINT NOT NULL,
    hits INTEGER NOT NULL
);

CREATE TABLE security_events (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX security_events_user ON security_events (user_id, created_at);
