DROP TABLE withdrawals;
