-- An event an operator caused on the account (`…_by_operator`) records no address: the holder
-- is not shown staff's IP or browser. NULL for those; the holder's own events keep theirs.
-- SQLite cannot drop NOT NULL from a column: the table is rebuilt (no table refers to it).
CREATE TABLE security_events_new (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    ip TEXT,
    user_agent TEXT,
    created_at BIGINT NOT NULL
);
INSERT INTO security_events_new (id, user_id, kind, ip, user_agent, created_at)
    SELECT id, user_id, kind, ip, user_agent, created_at FROM security_events;
DROP TABLE security_events;
ALTER TABLE security_events_new RENAME TO security_events;
CREATE INDEX security_events_user ON security_events (user_id, created_at);
