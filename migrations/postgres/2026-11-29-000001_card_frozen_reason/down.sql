ALTER TABLE cards DROP COLUMN frozen_reason;
