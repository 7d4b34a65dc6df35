DROP TABLE operator_audit;
DROP TABLE idempotency_keys;
DROP TABLE issuer_signatures;
DROP TABLE issuer_events;
DROP TABLE card_transactions;
DROP TABLE card_orders;
DROP TABLE cards;
DROP TABLE card_bins;
