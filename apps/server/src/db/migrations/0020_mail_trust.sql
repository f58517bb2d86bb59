-- Mail only to people who asked for it (docs/decisions/134-mail-trust.md): confirmed addresses, the
-- single-use links mailed to an account, each organisation's suppression list, what members and
-- administrators read of a failed delivery, and each member's exports in progress.

ALTER TABLE users
  ADD COLUMN email_verified_at timestamptz,
  -- An account made before addresses were confirmed keeps receiving its subscriptions unconfirmed until
  -- then: 'infinity' until its one confirmation link is mailed, 14 days after that.
  ADD COLUMN email_grace_until timestamptz,
  -- Owed its one confirmation link (mailed by the first instance with SMTP_URL that gets to it).
  ADD COLUMN confirmation_due boolean NOT NULL DEFAULT false;

-- Administrators were made from the environment or the command line; an account made by Google sign-in
-- has the address Google verified.
UPDATE users SET email_verified_at = now() WHERE role = 'admin' OR providers[1] = 'google';
UPDATE users SET email_grace_until = 'infinity', confirmation_due = true
  WHERE email_verified_at IS NULL AND email IS NOT NULL;
CREATE INDEX users_confirmation_due_idx ON users (id) WHERE confirmation_due;

-- A link mailed to an account: confirm its address (24 hours) or reset its password (30 minutes). Only
-- the SHA-256 of the link's token is kept; `email` is the address it was mailed to.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expiry_idx ON account_tokens (expires_at);

-- The mailed link of an invitation has a token of its own: accepting through it proves the address.
ALTER TABLE invitations ADD COLUMN mail_token_hash text UNIQUE;

-- Rights end with the role: an invitation whose sender no longer owns the organisation is revoked.
UPDATE invitations i SET revoked_at = now()
  WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM memberships m
       WHERE m.organisation_id = i.organisation_id AND m.user_id = i.invited_by AND m.role = 'owner'
    );

-- Addresses (lower case) that asked to receive nothing more from an organisation.
CREATE TABLE mail_suppressions (
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, email)
);

ALTER TABLE subscription_deliveries DROP CONSTRAINT subscription_deliveries_status_check;
ALTER TABLE subscription_deliveries ADD CONSTRAINT subscription_deliveries_status_check
  CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'suppressed'));
-- `error` is what members read; `error_detail` the mail server's own words, for administrators.
ALTER TABLE subscription_deliveries ADD COLUMN error_detail text;
UPDATE subscription_deliveries SET error_detail = error, error = 'The mail server refused the message'
  WHERE status IN ('failed', 'pending') AND error IS NOT NULL
    AND error NOT IN (
      'The report could not be drawn for the e-mail',
      'This report cannot be exported',
      'Sending stopped responding and was given up after repeated attempts'
    );

-- A member's export in progress, on any instance; a crashed instance's rows expire.
CREATE TABLE export_runs (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX export_runs_user_idx ON export_runs (user_id, expires_at);
