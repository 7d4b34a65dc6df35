DROP TABLE review_decisions;
DROP TABLE review_claims;
CREATE TABLE operator_audit (
    id TEXT PRIMARY KEY NOT NULL,
    operator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX operator_audit_time ON operator_audit (created_at);
INSERT INTO operator_audit (id, operator, action, subject, detail, created_at)
SELECT id, operator, action, subject, COALESCE("after", ''), created_at FROM audit_trail;
DROP TABLE audit_head;
DROP TABLE audit_trail;
DROP TABLE operator_sessions;
DROP TABLE operator_enrolments;
DROP TABLE operators;
