-- USD withdrawals to a saved bank account (DESIGN §9). Amounts are USD cents: `amount` is
-- taken from the USD account, `fee` comes out of it, the bank account receives the rest.
-- `status`: requested → approved → sent → completed, or rejected / cancelled / returned
-- (domain::withdrawal::WithdrawalStatus); each transition is one ledger posting, referenced
-- `withdrawal:<id>:<step>`. `reason` is a WithdrawalReason code (rejected, returned).
CREATE TABLE withdrawals (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    status TEXT NOT NULL,
    needs_review BOOLEAN NOT NULL DEFAULT FALSE,
    bank_reference TEXT,
    reason TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    approved_at BIGINT,
    approved_by TEXT,
    sent_at BIGINT,
    completed_at BIGINT,
    closed_at BIGINT
);

CREATE INDEX withdrawals_by_user ON withdrawals (user_id, created_at);
CREATE INDEX withdrawals_by_status ON withdrawals (status, created_at);
CREATE INDEX withdrawals_by_account ON withdrawals (bank_account_id);
