DROP TABLE bank_accounts;
