-- The fixed-income fund (issue 26, DESIGN §12, docs/fund-contract.md). One share is one minor
-- unit of the product's asset; amounts and shares are integers in that unit. Dates are business
-- dates (the UTC calendar day) as 'YYYY-MM-DD' text, which sorts as the dates do.

-- Products: the current product of an asset (CURRENT) and the fixed-term products (FIXED:
-- raise_date, interest_date, period in days) operators create. annual_rate in millionths of one
-- (3.65 % = 36500). minimum: the least one subscription may be; maximum: the most one user may
-- hold in it. An operator closes a product (open = false): it takes no more subscriptions.
CREATE TABLE fund_products (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    product_type TEXT NOT NULL,
    asset TEXT NOT NULL,
    annual_rate BIGINT NOT NULL,
    raise_date TEXT,
    interest_date TEXT,
    period BIGINT,
    minimum BIGINT NOT NULL,
    maximum BIGINT NOT NULL,
    open BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    closed_at BIGINT
);

-- At most one open current product per asset (the fund account of that asset).
CREATE UNIQUE INDEX fund_products_one_current ON fund_products (asset)
    WHERE product_type = 'CURRENT';

-- The default current product: USD at 3.65 %, 1 USD .. 1,000,000 USD.
INSERT INTO fund_products VALUES
    ('usd-current', 'USD Current', 'CURRENT', 'USD', 36500, NULL, NULL, NULL, 100, 100000000,
     TRUE, 0, NULL);

-- Positions: one per user and current product (current_key = '<user>:<product>', unique), one
-- per fixed subscription (current_key NULL; its id is the subscription's order id). The accrual
-- job's state: next_date (the first day not yet accrued), start_shares (the shares at the start
-- of next_date) and carry (the rounding's carried parts, 1/365000000ths of a minor unit).
-- principal: a fixed position's shares (0 for the current one). status: OPEN, REDEEMED,
-- MATURED.
CREATE TABLE fund_positions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    product_id TEXT NOT NULL REFERENCES fund_products (id),
    product_type TEXT NOT NULL,
    asset TEXT NOT NULL,
    current_key TEXT UNIQUE,
    principal BIGINT NOT NULL,
    status TEXT NOT NULL,
    next_date TEXT NOT NULL,
    start_shares BIGINT NOT NULL,
    carry BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    closed_at BIGINT
);

CREATE INDEX fund_positions_by_user ON fund_positions (user_id, product_type);
CREATE INDEX fund_positions_due ON fund_positions (status, next_date);

-- Orders: subscriptions, redemptions and maturities, each one ledger transaction
-- (fund_subscribe:<id>, fund_redeem:<id>, fund_maturity:<position id>). interest: a maturity's
-- interest paid, or an early redemption's forfeited interest; forfeited_interest the latter.
CREATE TABLE fund_orders (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    product_id TEXT NOT NULL REFERENCES fund_products (id),
    position_id TEXT NOT NULL,
    order_type TEXT NOT NULL,
    source TEXT,
    amount BIGINT NOT NULL,
    interest BIGINT NOT NULL,
    forfeited_interest BIGINT NOT NULL,
    business_date TEXT NOT NULL,
    value_date TEXT NOT NULL,
    interest_start_date TEXT,
    delivery_date TEXT,
    created_at BIGINT NOT NULL
);

CREATE INDEX fund_orders_by_user ON fund_orders (user_id, created_at, id);

-- Moves: the changes of a position's shares dated by business date (+ in, − out), which the
-- accrual reads: current subscriptions and redemptions, fixed subscriptions (− current),
-- fixed principal back (+ current), maturity payouts (+ current, dated the last interest day).
CREATE TABLE fund_moves (
    id TEXT PRIMARY KEY NOT NULL,
    position_id TEXT NOT NULL REFERENCES fund_positions (id),
    order_id TEXT NOT NULL,
    business_date TEXT NOT NULL,
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX fund_moves_by_position ON fund_moves (position_id, business_date);

-- Accruals: one row per (position, business date), written in the same transaction as its
-- ledger posting fund_accrual:<position id>:<date> (none when interest and rounding are 0):
-- a re-run, or a second instance, finds the row taken and writes nothing.
CREATE TABLE fund_accruals (
    id TEXT PRIMARY KEY NOT NULL,
    position_id TEXT NOT NULL REFERENCES fund_positions (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    product_id TEXT NOT NULL REFERENCES fund_products (id),
    business_date TEXT NOT NULL,
    shares BIGINT NOT NULL,
    interest BIGINT NOT NULL,
    rounding BIGINT NOT NULL,
    carry BIGINT NOT NULL,
    posted_at BIGINT NOT NULL,
    UNIQUE (position_id, business_date)
);

CREATE INDEX fund_accruals_by_user ON fund_accruals (user_id, business_date);

-- A user's records: the orders, and the days that paid interest (INTEREST).
CREATE VIEW fund_records AS
    SELECT id, user_id, product_id, position_id, order_type, source, amount, interest,
        forfeited_interest, business_date, value_date, interest_start_date, delivery_date,
        created_at
    FROM fund_orders
    UNION ALL
    SELECT id, user_id, product_id, position_id, 'INTEREST', CAST(NULL AS TEXT), interest,
        interest, CAST(0 AS BIGINT), business_date, business_date, CAST(NULL AS TEXT),
        CAST(NULL AS TEXT), posted_at
    FROM fund_accruals WHERE interest > 0;
