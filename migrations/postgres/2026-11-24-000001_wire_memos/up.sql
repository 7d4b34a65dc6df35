-- Each user's wire memo (domain::wire_memo): nine Crockford Base32 characters with a check
-- character, given the first time the user asks how to wire money, found again by the operator's
-- `credit-wire`. The uid stays internal.
CREATE TABLE wire_memos (
    memo TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL UNIQUE REFERENCES users(id),
    created_at BIGINT NOT NULL
);
