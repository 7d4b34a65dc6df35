-- The security center: bound authenticators, binding keys waiting for their first code, and
-- one account per mobile number. Secrets are sealed (AES-256-GCM) by the server, never plain.

CREATE TABLE authenticators (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remark TEXT NOT NULL,
    secret_sealed TEXT NOT NULL,
    -- The newest time step accepted: a code at or before it is refused (no replay).
    last_used_step BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX authenticators_user ON authenticators (user_id, created_at);

-- At most one binding key per user; issuing a new one replaces it.
CREATE TABLE authenticator_keys (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- E.164; NULLs (no mobile bound) do not collide.
CREATE UNIQUE INDEX users_mobile ON users (mobile);
