UPDATE security_events SET ip = '' WHERE ip IS NULL;
UPDATE security_events SET user_agent = '' WHERE user_agent IS NULL;
ALTER TABLE security_events ALTER COLUMN ip SET NOT NULL;
ALTER TABLE security_events ALTER COLUMN user_agent SET NOT NULL;
