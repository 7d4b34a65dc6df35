CREATE TABLE security_events_old (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
INSERT INTO security_events_old (id, user_id, kind, ip, user_agent, created_at)
    SELECT id, user_id, kind, COALESCE(ip, ''), COALESCE(user_agent, ''), created_at
    FROM security_events;
DROP TABLE security_events;
ALTER TABLE security_events_old RENAME TO security_events;
CREATE INDEX security_events_user ON security_events (user_id, created_at);
