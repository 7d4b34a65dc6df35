-- The card list's order (newest first, the id breaking ties) read straight off an index: with
-- (user_id, created_at) alone the id's part of the ORDER BY was sorted in a temporary b-tree
-- on every read of the list.
CREATE INDEX cards_user_listed ON cards (user_id, created_at, id);
DROP INDEX cards_user;
