-- Saved bank accounts (SPEC §3, DESIGN §9): where a USD withdrawal may be sent. The holder is
-- the verified name when the account was saved (never typed). A new account can receive payouts
-- from `usable_from` (the cooling-off period) and its first payout is capped at
-- `first_payout_cap` (USD cents). Deleting sets `deleted_at` (the row stays for the audit); a
-- returned payout sets `needs_new_details`, which stops payouts to it.
CREATE TABLE bank_accounts (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    nickname TEXT NOT NULL,
    bank_country TEXT NOT NULL,
    bank_name TEXT NOT NULL,
    bank_address TEXT NOT NULL,
    account_number TEXT NOT NULL,
    swift_code TEXT NOT NULL,
    routing_number TEXT,
    account_address TEXT NOT NULL,
    account_holder TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    usable_from BIGINT NOT NULL,
    first_payout_cap BIGINT NOT NULL,
    needs_new_details BOOLEAN NOT NULL DEFAULT FALSE,
    deleted_at BIGINT
);

CREATE INDEX bank_accounts_by_user ON bank_accounts (user_id, created_at);
