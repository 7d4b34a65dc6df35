DROP TABLE wire_receipts;
