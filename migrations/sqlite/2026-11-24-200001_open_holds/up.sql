-- The authorizations still holding money, oldest first: what the hold expiry looks through
-- (services/card_events/expire.rs) without reading the settled ones.
CREATE INDEX card_transactions_open_holds ON card_transactions (created_at, transaction_id)
    WHERE status = 'authorized';
