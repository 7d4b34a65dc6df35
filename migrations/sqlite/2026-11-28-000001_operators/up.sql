-- The operator console (issue 20, docs/ops-contract.md): operators apart from users, their
-- enrolments and sessions, the hash-chained audit trail that replaces `operator_audit`, and the
-- identity review's claims and decisions. Times are UTC milliseconds since the Unix epoch.

CREATE TABLE operators (
    id TEXT PRIMARY KEY NOT NULL,
    -- Lower case.
    email TEXT NOT NULL UNIQUE,
    -- Argon2 (the users' `Passwords`); NULL until enrolled.
    password_hash TEXT,
    -- The authenticator secret, sealed with the vault; NULL until enrolled.
    totp_secret TEXT,
    -- The newest authenticator step accepted (a code is accepted once).
    totp_last_step BIGINT,
    -- A comma-separated subset of reviewer, finance, admin.
    roles TEXT NOT NULL,
    -- invited | active | disabled
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- NULL when made from the command line.
    created_by TEXT REFERENCES operators (id),
    enrolled_at BIGINT,
    disabled_at BIGINT
);

CREATE TABLE operator_enrolments (
    id TEXT PRIMARY KEY NOT NULL,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    -- SHA-256 of the link's token.
    token_hash TEXT NOT NULL UNIQUE,
    -- The authenticator secret offered by `enrolment/start` (sealed), kept for `finish`.
    totp_secret TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX operator_enrolments_operator ON operator_enrolments (operator_id);

CREATE TABLE operator_sessions (
    id TEXT PRIMARY KEY NOT NULL,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

-- Every operator action, each entry holding the hash of the one before (seq 1, 2, 3 … without
-- gaps). `hash` = hex SHA-256 of prev_hash, a new line, and the canonical JSON of
-- [seq, id, operator_id, operator, action, subject, before, after, ip, created_at].
CREATE TABLE audit_trail (
    seq BIGINT PRIMARY KEY NOT NULL,
    id TEXT NOT NULL UNIQUE,
    -- NULL from the command line.
    operator_id TEXT,
    -- The operator's e-mail, or cli:<os user>.
    operator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    -- JSON text.
    "before" TEXT,
    "after" TEXT,
    -- NULL from the command line.
    ip TEXT,
    created_at BIGINT NOT NULL,
    -- NULL only on the entries carried over from `operator_audit` until the first append or
    -- `admin audit verify` chains them.
    prev_hash TEXT,
    hash TEXT
);
CREATE INDEX audit_trail_operator ON audit_trail (operator, seq);
CREATE INDEX audit_trail_action ON audit_trail (action, seq);
CREATE INDEX audit_trail_subject ON audit_trail (subject, seq);

-- The chain's head, one row: appends lock it (PostgreSQL) so seq has no gaps and no forks.
-- `hash` is NULL while carried-over entries wait to be chained.
CREATE TABLE audit_head (
    id INTEGER PRIMARY KEY NOT NULL,
    seq BIGINT NOT NULL,
    hash TEXT
);

-- The old log, carried over into the start of the chain (the detail becomes `after`, a JSON
-- string).
INSERT INTO audit_trail (seq, id, operator_id, operator, action, subject, "before", "after", ip,
    created_at, prev_hash, hash)
SELECT ROW_NUMBER() OVER (ORDER BY created_at, id), id, NULL, operator, action, subject, NULL,
    CASE WHEN detail = '' THEN NULL ELSE json_quote(detail) END, NULL, created_at, NULL, NULL
FROM operator_audit;

INSERT INTO audit_head (id, seq, hash)
SELECT 1, COUNT(*), CASE WHEN COUNT(*) = 0
    THEN '0000000000000000000000000000000000000000000000000000000000000000' ELSE NULL END
FROM audit_trail;

DROP TABLE operator_audit;

-- A reviewer's claim on a case (one row per attempt: of two claims at once one wins).
CREATE TABLE review_claims (
    attempt_id TEXT PRIMARY KEY NOT NULL REFERENCES verification_attempts (id),
    operator_id TEXT NOT NULL REFERENCES operators (id),
    -- review | second_approval
    stage TEXT NOT NULL,
    claimed_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Every decision on a case, at each stage.
CREATE TABLE review_decisions (
    id TEXT PRIMARY KEY NOT NULL,
    attempt_id TEXT NOT NULL REFERENCES verification_attempts (id),
    -- review | second_approval
    stage TEXT NOT NULL,
    -- NULL from the command line.
    operator_id TEXT,
    -- The operator's e-mail, or cli:<os user>.
    operator TEXT NOT NULL,
    -- approved | rejected
    outcome TEXT NOT NULL,
    -- JSON: [{field, decision, reason, message, note}].
    items TEXT NOT NULL,
    -- retry | final when rejected.
    kind TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX review_decisions_attempt ON review_decisions (attempt_id, created_at);
