-- The double-entry ledger. Amounts are integers in the currency's minor units. Sign convention:
-- positive means the platform owes it or earned it (a user's balance, fee income, what is due to
-- the card issuer); negative means the platform holds it (wires received at the bank). Every
-- transaction's entries sum to zero, so all entries do; `balance` is the sum of an account's
-- entries, kept in the same database transaction that writes them.

CREATE TABLE ledger_accounts (
    id TEXT PRIMARY KEY NOT NULL,
    -- Names the account: `user:<id>:bank:USD`, `platform:wire_clearing:USD`, `card:<id>`…
    account_key TEXT NOT NULL UNIQUE,
    user_id TEXT REFERENCES users (id),
    kind TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance BIGINT NOT NULL DEFAULT 0,
    -- Accounts of users and cards never go below zero; platform accounts may.
    may_go_negative BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ledger_accounts_user ON ledger_accounts (user_id);

CREATE TABLE ledger_transactions (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    -- What makes a movement happen once: a wire's bank reference, an idempotency key, an
    -- issuer transaction id (each prefixed by its kind).
    reference TEXT NOT NULL UNIQUE,
    user_id TEXT REFERENCES users (id),
    created_at BIGINT NOT NULL
);

CREATE TABLE ledger_entries (
    id TEXT PRIMARY KEY NOT NULL,
    transaction_id TEXT NOT NULL REFERENCES ledger_transactions (id),
    account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, created_at);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
