-- Counted windows of the request limits (sign-in, registration, public forms), shared by every server
-- instance on this database (decision 095). One row per (bucket, key): `hits` counts the attempts of
-- the window that ends at `expires_at`; an expired row is restarted in place by the next attempt and
-- removed by the periodic prune. Rows of live windows are never evicted.
CREATE TABLE IF NOT EXISTS rate_limit_windows (
  bucket text NOT NULL,
  key text NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX IF NOT EXISTS rate_limit_windows_expires_at ON rate_limit_windows (expires_at);
