DROP INDEX issuer_signatures_received;
ALTER TABLE cards DROP COLUMN utc_offset_minutes;
ALTER TABLE card_bins DROP COLUMN utc_offset_minutes;
DROP TABLE card_spending;
