-- An event an operator caused on the account (`…_by_operator`) records no address: the holder
-- is not shown staff's IP or browser. NULL for those; the holder's own events keep theirs.
ALTER TABLE security_events ALTER COLUMN ip DROP NOT NULL;
ALTER TABLE security_events ALTER COLUMN user_agent DROP NOT NULL;
