-- Spending counters (velocity counters): per card, what approved authorizations took in the
-- current day and month of the card's time zone, so an authorization checks its limits by
-- reading and updating one row instead of summing the month's transactions. Kept in the same
-- database transaction as the hold; a void or reversal gives back what it releases; the day
-- and month roll over when an event finds their period over. A card's row is written at its
-- first authorization (from its transactions, once). `fiscard admin ledger-check` recomputes
-- every row from the transactions.
CREATE TABLE card_spending (
    card_id TEXT PRIMARY KEY NOT NULL REFERENCES cards (id),
    -- The day and month the amounts are for: [start, end) in UTC ms, midnight to midnight
    -- in the card's time zone.
    day_start BIGINT NOT NULL,
    day_end BIGINT NOT NULL,
    -- Gross amounts (fees not included) of the approved authorizations not voided, in the
    -- card's currency, and how many they are.
    day_amount BIGINT NOT NULL,
    day_count BIGINT NOT NULL,
    month_start BIGINT NOT NULL,
    month_end BIGINT NOT NULL,
    month_amount BIGINT NOT NULL,
    month_count BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- The time zone a BIN's cards count their day and month in, as minutes east of UTC; a card
-- keeps its BIN's when it is issued.
ALTER TABLE card_bins ADD COLUMN utc_offset_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN utc_offset_minutes INTEGER NOT NULL DEFAULT 0;

-- Each issuer event deletes the signatures older than the replay window: by this index, not
-- by reading them all.
CREATE INDEX issuer_signatures_received ON issuer_signatures (received_at);
