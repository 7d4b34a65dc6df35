-- The exchange (issue 22, DESIGN §11). Assets are their codes (domain::exchange::Asset: USD,
-- BTC, ETH, USDT); amounts are integers in the asset's minor unit (USD 2 decimals, BTC and ETH 8,
-- USDT 6); prices are USD per whole unit in units of 10^-8 USD (domain::exchange::PRICE_SCALE).

-- Reference prices move from USD cents to PRICE_SCALE: the sandbox feed and operators may give
-- up to 8 decimals.
UPDATE wallet_prices SET price = price * 1000000;

-- The pairs, one row per direction (from, to): the platform's spread and fee in basis points
-- of the amount given, and the least and most one swap may give (in the from asset).
CREATE TABLE exchange_pairs (
    from_asset TEXT NOT NULL,
    to_asset TEXT NOT NULL,
    spread_bps BIGINT NOT NULL,
    fee_bps BIGINT NOT NULL,
    minimum BIGINT NOT NULL,
    maximum BIGINT NOT NULL,
    enabled BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (from_asset, to_asset)
);

-- Every direction open, spread 10 bps and fee 10 bps; the minimum and maximum by the from
-- asset: USD 1.00 .. 1,000,000.00, BTC 0.00001 .. 100, ETH 0.0001 .. 1,000, USDT 1 .. 1,000,000.
INSERT INTO exchange_pairs VALUES
    ('USD', 'BTC', 10, 10, 100, 100000000, TRUE, 0),
    ('USD', 'ETH', 10, 10, 100, 100000000, TRUE, 0),
    ('USD', 'USDT', 10, 10, 100, 100000000, TRUE, 0),
    ('BTC', 'USD', 10, 10, 1000, 10000000000, TRUE, 0),
    ('BTC', 'ETH', 10, 10, 1000, 10000000000, TRUE, 0),
    ('BTC', 'USDT', 10, 10, 1000, 10000000000, TRUE, 0),
    ('ETH', 'USD', 10, 10, 10000, 100000000000, TRUE, 0),
    ('ETH', 'BTC', 10, 10, 10000, 100000000000, TRUE, 0),
    ('ETH', 'USDT', 10, 10, 10000, 100000000000, TRUE, 0),
    ('USDT', 'USD', 10, 10, 1000000, 1000000000000, TRUE, 0),
    ('USDT', 'BTC', 10, 10, 1000000, 1000000000000, TRUE, 0),
    ('USDT', 'ETH', 10, 10, 1000000, 1000000000000, TRUE, 0);

-- Quotes: what one user was offered, priced by the domain's exchange::price at the prices of
-- `price_time`, valid until `expires_at`. `side` (FROM or TO) says which amount the user typed
-- (`amount`). `accepted_at` is set once, by the swap that claims the quote.
CREATE TABLE exchange_quotes (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    from_asset TEXT NOT NULL,
    to_asset TEXT NOT NULL,
    side TEXT NOT NULL,
    amount BIGINT NOT NULL,
    from_amount BIGINT NOT NULL,
    to_amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    spread BIGINT NOT NULL,
    exchanged BIGINT NOT NULL,
    remainder BIGINT NOT NULL,
    from_price BIGINT NOT NULL,
    to_price BIGINT NOT NULL,
    spread_bps BIGINT NOT NULL,
    fee_bps BIGINT NOT NULL,
    price_time BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    accepted_at BIGINT
);

CREATE INDEX exchange_quotes_by_user ON exchange_quotes (user_id, created_at);
-- Quotes never accepted are purged a day after they expire (services::exchange::quotes::purge).
CREATE INDEX exchange_quotes_by_expiry ON exchange_quotes (expires_at);

-- Swaps: accepted quotes, each one ledger transaction `exchange_swap:<quote id>` (at most one
-- per quote). from_amount = fee + spread + exchanged + remainder, all in the from asset.
CREATE TABLE exchange_swaps (
    id TEXT PRIMARY KEY NOT NULL,
    quote_id TEXT NOT NULL UNIQUE REFERENCES exchange_quotes (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    from_asset TEXT NOT NULL,
    to_asset TEXT NOT NULL,
    side TEXT NOT NULL,
    from_amount BIGINT NOT NULL,
    to_amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    spread BIGINT NOT NULL,
    exchanged BIGINT NOT NULL,
    remainder BIGINT NOT NULL,
    from_price BIGINT NOT NULL,
    to_price BIGINT NOT NULL,
    spread_bps BIGINT NOT NULL,
    fee_bps BIGINT NOT NULL,
    price_time BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX exchange_swaps_by_user ON exchange_swaps (user_id, created_at, id);

-- The wallet's records gain the coin legs of swaps: SWAP_OUT (coins given; `fee` is the swap's
-- fee, part of the amount) and SWAP_IN (coins received). A swap has no network, address or
-- chain transaction; it is complete when it is made. `swap_id` links a leg to its swap.
DROP VIEW wallet_records;

CREATE VIEW wallet_records AS
    SELECT id, user_id, 'DEPOSIT' AS record_type, coin, network, amount, CAST(0 AS BIGINT) AS fee,
        address, CAST(NULL AS TEXT) AS memo, txid, confirmations, required_confirmations,
        state AS status, reason, created_at, updated_at, CAST(NULL AS TEXT) AS swap_id
    FROM wallet_deposits WHERE user_id IS NOT NULL
    UNION ALL
    SELECT id, user_id,
        CASE WHEN internal_user_id IS NULL THEN 'WITHDRAW' ELSE 'TRANSFER_OUT' END,
        coin, network, amount, fee, address, memo, txid, confirmations, required_confirmations,
        status, reason, created_at, updated_at, CAST(NULL AS TEXT)
    FROM wallet_withdrawals
    UNION ALL
    SELECT id, internal_user_id, 'TRANSFER_IN', coin, network, amount, CAST(0 AS BIGINT),
        address, memo, txid, confirmations, required_confirmations, status, reason, created_at,
        updated_at, CAST(NULL AS TEXT)
    FROM wallet_withdrawals WHERE internal_user_id IS NOT NULL
    UNION ALL
    SELECT id || '-out', user_id, 'SWAP_OUT', from_asset, CAST(NULL AS TEXT), from_amount, fee,
        CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(0 AS BIGINT),
        CAST(0 AS BIGINT), 'COMPLETED', CAST(NULL AS TEXT), created_at, created_at, id
    FROM exchange_swaps WHERE from_asset <> 'USD'
    UNION ALL
    SELECT id || '-in', user_id, 'SWAP_IN', to_asset, CAST(NULL AS TEXT), to_amount,
        CAST(0 AS BIGINT), CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(NULL AS TEXT),
        CAST(0 AS BIGINT), CAST(0 AS BIGINT), 'COMPLETED', CAST(NULL AS TEXT), created_at,
        created_at, id
    FROM exchange_swaps WHERE to_asset <> 'USD';
