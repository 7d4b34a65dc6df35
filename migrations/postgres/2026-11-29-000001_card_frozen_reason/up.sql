-- Why an operator froze a card (docs/ops-contract.md, cards): one of the console's freeze
-- reasons; NULL for a card its holder froze, and cleared by any later change of status.
ALTER TABLE cards ADD COLUMN frozen_reason TEXT;
