DROP TABLE screening_entries;
DROP TABLE rejection_items;
DROP TABLE verification_attempts;
DROP TABLE verification_drafts;
