-- When the session last proved its account's owner: its sign-in, or its last re-authentication
-- (POST /api/auth/reauthenticate). Connecting or disconnecting Google and setting a first password need
-- it recent (docs/SECURITY.md, "A stolen token adding or removing a way in").
ALTER TABLE sessions ADD COLUMN proved_at timestamptz;
UPDATE sessions SET proved_at = signed_in_at;
ALTER TABLE sessions ALTER COLUMN proved_at SET NOT NULL;
