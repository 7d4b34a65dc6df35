-- Cards: the BINs they are issued under, the cards, their orders (recharge, cancel) and the
-- transactions the card network reports; idempotency keys of money-moving requests; the
-- issuer events already handled; the operators' audit log. Amounts are integers in minor
-- units; rates are basis points (1% = 100).

CREATE TABLE card_bins (
    bin TEXT PRIMARY KEY NOT NULL,
    -- ISO 3166-1 alpha-2 of the issuing region.
    location_code TEXT NOT NULL,
    -- The card scheme: VISA, Mastercard…
    org_name TEXT NOT NULL,
    currency TEXT NOT NULL,
    recharge_rate_bps INTEGER NOT NULL,
    payment_rate_bps INTEGER NOT NULL,
    exchange_rate_bps INTEGER NOT NULL,
    refund_rate_bps INTEGER NOT NULL,
    limit_per_transaction BIGINT NOT NULL,
    limit_daily BIGINT NOT NULL,
    limit_monthly BIGINT NOT NULL,
    -- Disabled BINs issue no new cards; cards already issued keep working.
    enabled BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE cards (
    -- The cardKey.
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    bin TEXT NOT NULL REFERENCES card_bins (bin),
    -- The card number, sealed with AES-256-GCM; never stored in clear.
    pan_sealed TEXT NOT NULL,
    -- A keyed hash of the number: keeps numbers unique without storing them.
    pan_digest TEXT NOT NULL UNIQUE,
    mask_card_no TEXT NOT NULL,
    -- MM/YY, and the first instant after the expiry month (UTC ms).
    expiration_date TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    bill_address TEXT NOT NULL,
    currency TEXT NOT NULL,
    org_name TEXT NOT NULL,
    location_code TEXT NOT NULL,
    status TEXT NOT NULL,
    -- The BIN's terms when the card was issued.
    recharge_rate_bps INTEGER NOT NULL,
    payment_rate_bps INTEGER NOT NULL,
    exchange_rate_bps INTEGER NOT NULL,
    refund_rate_bps INTEGER NOT NULL,
    limit_per_transaction BIGINT NOT NULL,
    limit_daily BIGINT NOT NULL,
    limit_monthly BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX cards_user ON cards (user_id, created_at);

CREATE TABLE card_orders (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    card_id TEXT NOT NULL REFERENCES cards (id),
    -- DEPOSIT or CANCEL.
    kind TEXT NOT NULL,
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    currency TEXT NOT NULL,
    -- SPEC §4: 0/1/5 processing, 2 completed, 3 failed, 4 cancelled.
    status INTEGER NOT NULL,
    ledger_transaction_id TEXT REFERENCES ledger_transactions (id),
    created_at BIGINT NOT NULL
);
CREATE INDEX card_orders_user ON card_orders (user_id, created_at);

CREATE TABLE card_transactions (
    id TEXT PRIMARY KEY NOT NULL,
    -- The card network's id: one row per id.
    transaction_id TEXT NOT NULL UNIQUE,
    origin_transaction_id TEXT,
    card_id TEXT NOT NULL REFERENCES cards (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    transaction_type TEXT NOT NULL,
    status TEXT NOT NULL,
    merchant_name_location TEXT NOT NULL,
    transaction_amount BIGINT NOT NULL,
    transaction_currency TEXT NOT NULL,
    -- In the card's currency: what the card is charged or credited, fees not included.
    account_gross_amount BIGINT NOT NULL,
    account_currency TEXT NOT NULL,
    transaction_fee BIGINT NOT NULL,
    conversion_fee BIGINT NOT NULL,
    cross_border_fee BIGINT NOT NULL,
    refund_fee BIGINT NOT NULL,
    -- What an authorization still holds on the card (gross + fees), until cleared or released.
    held BIGINT NOT NULL,
    decline_reason TEXT,
    check_code TEXT,
    -- When the network says it happened, and when it reached us.
    occurred_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX card_transactions_card ON card_transactions (card_id, occurred_at);

-- Issuer events already handled, by `<event>:<transactionId>`, with the answer given.
CREATE TABLE issuer_events (
    event_key TEXT PRIMARY KEY NOT NULL,
    body_digest TEXT NOT NULL,
    answer TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- Signatures seen within the freshness window: a signature is accepted once.
CREATE TABLE issuer_signatures (
    signature TEXT PRIMARY KEY NOT NULL,
    received_at BIGINT NOT NULL
);

-- Idempotency keys of money-moving requests: the request (a keyed digest of its route and
-- body) and the first answer, written in the same transaction as what the request did.
CREATE TABLE idempotency_keys (
    user_id TEXT NOT NULL REFERENCES users (id),
    idempotency_key TEXT NOT NULL,
    request_digest TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, idempotency_key)
);

-- What operators did, and to what.
CREATE TABLE operator_audit (
    id TEXT PRIMARY KEY NOT NULL,
    operator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX operator_audit_time ON operator_audit (created_at);
