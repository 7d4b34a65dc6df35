DROP INDEX users_mobile;
DROP TABLE authenticator_keys;
DROP TABLE authenticators;
