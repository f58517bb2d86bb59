-- Server-side sessions: every session token names one row; ending a session deletes it, so its tokens
-- stop working at once (docs/SECURITY.md, "Sessions"). Times are written by the server's clock.
CREATE TABLE IF NOT EXISTS sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  signed_in_at timestamptz NOT NULL,
  -- When the newest token of this session expires; rows past it are pruned.
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expires_at_idx ON sessions (expires_at);

-- A change of role ends every session of the user, whichever path made it (start-up administrator,
-- the admin CLI, an administrator's screen, or SQL by hand).
CREATE OR REPLACE FUNCTION sessions_end_on_role_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
DROP TRIGGER IF EXISTS users_role_change_ends_sessions ON users;
CREATE TRIGGER users_role_change_ends_sessions
  AFTER UPDATE OF role ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION sessions_end_on_role_change();
