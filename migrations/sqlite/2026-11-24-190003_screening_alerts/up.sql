-- Re-screening (DESIGN §7): importing a list screens every approved basic identity and investor
-- certification again, against every list in `screening_entries`. Each approved verification
-- whose names match a listed name above the threshold has a row here, with the hits (JSON, the
-- score per feature, as commit-time screening keeps on the attempt) for the operators; each
-- import replaces them all.
CREATE TABLE screening_alerts (
    user_id TEXT NOT NULL REFERENCES users (id),
    verification TEXT NOT NULL,
    -- The approved attempt whose answers were screened.
    attempt_id TEXT NOT NULL REFERENCES verification_attempts (id),
    hits TEXT NOT NULL,
    screened_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, verification)
);
