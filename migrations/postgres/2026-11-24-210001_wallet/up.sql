-- The crypto wallet (DESIGN §10). Amounts are integers in the coin's minor unit (BTC and ETH
-- 8 decimals, USDT 6); coins and networks are their codes (domain::wallet::{Coin, Network}).
-- A coin's balance is the user's `main` ledger account in the coin's currency; every movement
-- is one ledger posting (services/wallet).

-- Per chain (a coin on a network), what operators set (`fiscard admin wallet config set`).
-- `review_above`: a withdrawal above it waits for an operator; `daily_limit`: what one user's
-- withdrawals of the chain may take per UTC day.
CREATE TABLE wallet_chains (
    coin TEXT NOT NULL,
    network TEXT NOT NULL,
    deposit_enabled BOOLEAN NOT NULL,
    withdraw_enabled BOOLEAN NOT NULL,
    min_deposit BIGINT NOT NULL,
    min_withdraw BIGINT NOT NULL,
    max_withdraw BIGINT NOT NULL,
    withdraw_fee BIGINT NOT NULL,
    multiple BIGINT NOT NULL,
    confirmations BIGINT NOT NULL,
    memo_required BOOLEAN NOT NULL,
    daily_limit BIGINT NOT NULL,
    review_above BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (coin, network)
);

INSERT INTO wallet_chains VALUES
    ('BTC', 'BTC', TRUE, TRUE, 10000, 100000, 200000000, 20000, 1000, 2, FALSE, 500000000, 100000000, 0),
    ('ETH', 'ETH', TRUE, TRUE, 100000, 1000000, 5000000000, 200000, 1000, 12, FALSE, 10000000000, 2000000000, 0),
    ('USDT', 'ETH', TRUE, TRUE, 1000000, 10000000, 100000000000, 5000000, 10000, 12, FALSE, 200000000000, 20000000000, 0),
    ('USDT', 'TRX', TRUE, TRUE, 1000000, 10000000, 100000000000, 1000000, 10000, 19, FALSE, 200000000000, 20000000000, 0);

-- Reference prices, USD cents per whole coin, every one kept: the overview values each past
-- day at the price of its end. Seeded with 2026-01-01's.
CREATE TABLE wallet_prices (
    id TEXT PRIMARY KEY NOT NULL,
    coin TEXT NOT NULL,
    price BIGINT NOT NULL,
    set_at BIGINT NOT NULL,
    set_by TEXT NOT NULL
);

CREATE INDEX wallet_prices_by_coin ON wallet_prices (coin, set_at);

INSERT INTO wallet_prices VALUES
    ('seed-btc', 'BTC', 6500000, 1767225600000, 'seed'),
    ('seed-eth', 'ETH', 350000, 1767225600000, 'seed'),
    ('seed-usdt', 'USDT', 100, 1767225600000, 'seed');

-- Deposit addresses: child 0/address_index of the network's account xpub
-- (services/wallet/derive.rs), one per user and network, shared by the network's coins.
CREATE TABLE wallet_addresses (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    network TEXT NOT NULL,
    address_index BIGINT NOT NULL,
    address TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, network),
    UNIQUE (network, address_index),
    UNIQUE (address)
);

-- The sandbox chain's tip per network (`fiscard simulate chain mine`).
CREATE TABLE wallet_chain_tips (
    network TEXT PRIMARY KEY NOT NULL,
    height BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

INSERT INTO wallet_chain_tips VALUES ('BTC', 870000, 0), ('ETH', 21000000, 0), ('TRX', 67000000, 0);

-- Outputs seen on a chain paying an address. `state`: PENDING (not in a block) → CONFIRMING
-- (n of `required_confirmations`) → CREDITED, or DROPPED (`reason`: reorg, dust,
-- wrong_network, unknown_address). `user_id`: the address's owner, when it is one of ours.
-- Credited once: the ledger posting's reference is `<network>:<txid>:<vout>`.
CREATE TABLE wallet_deposits (
    id TEXT PRIMARY KEY NOT NULL,
    network TEXT NOT NULL,
    txid TEXT NOT NULL,
    vout BIGINT NOT NULL,
    address TEXT NOT NULL,
    coin TEXT NOT NULL,
    amount BIGINT NOT NULL,
    user_id TEXT REFERENCES users (id),
    state TEXT NOT NULL,
    reason TEXT,
    block_height BIGINT,
    confirmations BIGINT NOT NULL,
    required_confirmations BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    credited_at BIGINT,
    UNIQUE (network, txid, vout)
);

CREATE INDEX wallet_deposits_by_user ON wallet_deposits (user_id, created_at);
CREATE INDEX wallet_deposits_open ON wallet_deposits (network, state);

-- Crypto withdrawals. `amount` is what the destination receives; the wallet gave amount + fee.
-- `status`: SUBMITTED → REVIEWING (above the chain's review_above) → BROADCASTING → COMPLETED
-- (after `required_confirmations`), or REJECTED / FAILED / CANCELLED (given back).
-- `internal_user_id`: the destination is that user's deposit address; settled in the ledger at
-- once, without fee. Each step is a ledger posting referenced `crypto_withdrawal:<id>:<step>`.
CREATE TABLE wallet_withdrawals (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    client_order_id TEXT NOT NULL,
    coin TEXT NOT NULL,
    network TEXT NOT NULL,
    address TEXT NOT NULL,
    memo TEXT,
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    status TEXT NOT NULL,
    needs_review BOOLEAN NOT NULL,
    internal_user_id TEXT REFERENCES users (id),
    txid TEXT,
    block_height BIGINT,
    confirmations BIGINT NOT NULL,
    required_confirmations BIGINT NOT NULL,
    reason TEXT,
    reviewed_by TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    closed_at BIGINT,
    UNIQUE (user_id, client_order_id)
);

CREATE INDEX wallet_withdrawals_by_user ON wallet_withdrawals (user_id, created_at);
CREATE INDEX wallet_withdrawals_by_status ON wallet_withdrawals (status, created_at);
CREATE INDEX wallet_withdrawals_to_user ON wallet_withdrawals (internal_user_id);

-- What `wallet/record` lists: a user's deposits, withdrawals (internal ones as TRANSFER_OUT)
-- and the internal transfers they received (TRANSFER_IN).
CREATE VIEW wallet_records AS
    SELECT id, user_id, 'DEPOSIT' AS record_type, coin, network, amount, CAST(0 AS BIGINT) AS fee,
        address, CAST(NULL AS TEXT) AS memo, txid, confirmations, required_confirmations,
        state AS status, reason, created_at, updated_at
    FROM wallet_deposits WHERE user_id IS NOT NULL
    UNION ALL
    SELECT id, user_id,
        CASE WHEN internal_user_id IS NULL THEN 'WITHDRAW' ELSE 'TRANSFER_OUT' END,
        coin, network, amount, fee, address, memo, txid, confirmations, required_confirmations,
        status, reason, created_at, updated_at
    FROM wallet_withdrawals
    UNION ALL
    SELECT id, internal_user_id, 'TRANSFER_IN', coin, network, amount, CAST(0 AS BIGINT),
        address, memo, txid, confirmations, required_confirmations, status, reason, created_at,
        updated_at
    FROM wallet_withdrawals WHERE internal_user_id IS NOT NULL;
