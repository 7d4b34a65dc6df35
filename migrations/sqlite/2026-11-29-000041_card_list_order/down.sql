CREATE INDEX cards_user ON cards (user_id, created_at);
DROP INDEX cards_user_listed;
