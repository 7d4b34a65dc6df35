-- Wires received at the platform's bank (docs/ops-contract.md, phase 2): one row per bank
-- reference; the money of an unmatched or pending one waits in the WireSuspense account.
CREATE TABLE wire_receipts (
    id TEXT PRIMARY KEY NOT NULL,
    reference TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL CHECK (amount > 0),
    memo TEXT NOT NULL,
    sender TEXT,
    user_id TEXT REFERENCES users (id),
    status TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    matched_by TEXT,
    approved_by TEXT,
    return_reason TEXT,
    created_at BIGINT NOT NULL,
    decided_at BIGINT
);
CREATE INDEX wire_receipts_listed ON wire_receipts (status, created_at);
