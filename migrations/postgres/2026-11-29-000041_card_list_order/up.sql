-- SQLite reads the card list's order (newest first, the id breaking ties) off a three-column
-- index (its migration of this name). PostgreSQL keeps (user_id, created_at): with the
-- three-column index in its place the list measured slower here (release build, 10 cards:
-- list/healthz 0.45 with this index, 0.32 with the other), so only the note is added.
COMMENT ON INDEX cards_user IS 'The card list (fiscard/list): a user''s cards by creation time.';
