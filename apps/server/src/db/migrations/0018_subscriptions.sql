-- Subscriptions (docs/decisions/132-subscriptions.md): a report tab e-mailed on a schedule to members of
-- its organisation. Each due slot becomes one delivery row per recipient, unique per (subscription,
-- slot, address), which the delivery workers of every instance claim under expiring leases.

CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  report_id integer NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  cadence text NOT NULL CHECK (cadence IN ('daily', 'weekly', 'monthly')),
  -- Weekly: 1 = Monday … 7 = Sunday. Monthly: 1–31, a shorter month sends on its last day.
  weekday smallint CHECK (weekday BETWEEN 1 AND 7),
  month_day smallint CHECK (month_day BETWEEN 1 AND 31),
  -- The local time of day (HH:MM) in time_zone, an IANA zone name.
  time text NOT NULL CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text NOT NULL,
  skip_without_new_data boolean NOT NULL DEFAULT false,
  paused boolean NOT NULL DEFAULT false,
  -- The next slot: the instant the scheduler turns into deliveries once it has passed.
  next_run_at timestamptz,
  last_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (cadence <> 'weekly' OR weekday IS NOT NULL),
  CHECK (cadence <> 'monthly' OR month_day IS NOT NULL)
);
CREATE INDEX subscriptions_due_idx ON subscriptions (next_run_at) WHERE NOT paused;
CREATE INDEX subscriptions_organisation_idx ON subscriptions (organisation_id, id);
CREATE INDEX subscriptions_report_idx ON subscriptions (report_id);
CREATE INDEX subscriptions_created_by_idx ON subscriptions (created_by);

-- Who receives it; only the SHA-256 of a recipient's unsubscribe token is kept.
CREATE TABLE subscription_recipients (
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unsubscribe_token_hash text NOT NULL UNIQUE,
  unsubscribed_at timestamptz,
  PRIMARY KEY (subscription_id, user_id)
);
CREATE INDEX subscription_recipients_user_idx ON subscription_recipients (user_id);

-- One mail: a slot of a subscription to one address, with the Message-ID every attempt of it carries.
CREATE TABLE subscription_deliveries (
  id bigserial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  slot timestamptz NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  email text NOT NULL,
  message_id text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_owner text,
  lease_expires_at timestamptz,
  error text,
  sent_at timestamptz,
  UNIQUE (subscription_id, slot, email)
);
CREATE INDEX subscription_deliveries_due_idx ON subscription_deliveries (next_attempt_at, id) WHERE status = 'pending';
