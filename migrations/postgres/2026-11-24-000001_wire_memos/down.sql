DROP TABLE wire_memos;
