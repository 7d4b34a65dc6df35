DROP VIEW wallet_records;

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

DROP TABLE exchange_swaps;
DROP TABLE exchange_quotes;
DROP TABLE exchange_pairs;

UPDATE wallet_prices SET price = price / 1000000;
