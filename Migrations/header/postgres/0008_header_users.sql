-- The single profile row becomes the user `default` (0004_account_users), whom the header greets when no other
-- viewer is given; the profile table goes.
-- PostgreSQL twin of ../0008_header_users.sql (the same statements).
INSERT INTO users (id, first_name, last_name)
SELECT 'default', first_name, last_name FROM profile WHERE id = 1
ON CONFLICT (id) DO NOTHING;

DROP TABLE profile;
