DROP VIEW fund_records;
DROP TABLE fund_accruals;
DROP TABLE fund_moves;
DROP TABLE fund_orders;
DROP TABLE fund_positions;
DROP TABLE fund_products;
