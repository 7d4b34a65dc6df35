DROP TABLE security_events;
DROP TABLE rate_limits;
DROP TABLE captcha_solutions;
DROP TABLE pending_logins;
DROP TABLE email_codes;
DROP TABLE sessions;
DROP TABLE user_security;
DROP TABLE users;
