DROP VIEW wallet_records;
DROP TABLE wallet_withdrawals;
DROP TABLE wallet_deposits;
DROP TABLE wallet_chain_tips;
DROP TABLE wallet_addresses;
DROP TABLE wallet_prices;
DROP TABLE wallet_chains;
