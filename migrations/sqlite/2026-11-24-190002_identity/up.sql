-- Identity verification (DESIGN §7): four verifications (basic, investor, aml, qualify), each
-- with a draft kept until commit and numbered attempts that operators decide. The user's
-- current state of each stays on `users` (identity_status, investor_status, aml_status,
-- qi_status: 0 not started, 2 in review, 1 approved, 3 rejected).
CREATE TABLE verification_drafts (
    user_id TEXT NOT NULL REFERENCES users (id),
    verification TEXT NOT NULL,
    -- The answers saved so far (JSON object, API field names).
    data TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, verification)
);

CREATE TABLE verification_attempts (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    verification TEXT NOT NULL,
    -- 1, 2, … per user and verification: two commits at once cannot both be attempt n.
    number INTEGER NOT NULL,
    -- Investor attempts: 0 individual, 1 company.
    investor_type INTEGER,
    -- The answers as committed (JSON object).
    data TEXT NOT NULL,
    -- 2 in review, 1 approved, 3 rejected.
    status INTEGER NOT NULL,
    -- Screening: the hits found at commit (JSON), the case held for review while set.
    screening TEXT,
    -- Rejected attempts: retry or final.
    rejection_kind TEXT,
    submitted_at BIGINT NOT NULL,
    decided_at BIGINT,
    decided_by TEXT,
    UNIQUE (user_id, verification, number)
);

CREATE INDEX verification_attempts_queue ON verification_attempts (status, submitted_at);

CREATE TABLE rejection_items (
    attempt_id TEXT NOT NULL REFERENCES verification_attempts (id),
    position INTEGER NOT NULL,
    -- The API field or document concerned; empty for the whole case.
    field TEXT NOT NULL,
    reason TEXT NOT NULL,
    -- The operator's text for the user (several lines allowed).
    message TEXT NOT NULL,
    -- Seen by operators only.
    note TEXT NOT NULL,
    PRIMARY KEY (attempt_id, position)
);

-- The sanctions and PEP list names are screened against at commit (`fiscard admin screening
-- import FILE`): one row per listed name.
CREATE TABLE screening_entries (
    id TEXT PRIMARY KEY NOT NULL,
    -- The list it came from (e.g. a sanctions list, a PEP list).
    list TEXT NOT NULL,
    name TEXT NOT NULL,
    -- YYYY-MM-DD when the list gives one.
    birth_date TEXT,
    -- ISO 3166-1 alpha-2 when the list gives one.
    country TEXT,
    imported_at BIGINT NOT NULL
);
