-- Uploaded documents (DESIGN §8): one row per file; the bytes live in the object store under
-- the row's id, encrypted with a key of their own that the data-at-rest key wraps.
CREATE TABLE uploads (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    -- What forms carry: `<id>.<ext>`, unique.
    reference TEXT NOT NULL UNIQUE,
    -- The name the user's file had (shown when the file is downloaded).
    original_name TEXT NOT NULL,
    -- jpeg, png or pdf.
    kind TEXT NOT NULL,
    size BIGINT NOT NULL,
    -- The file's own AES-256 key, sealed by the vault for this upload.
    wrapped_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX uploads_by_user ON uploads (user_id, created_at);
