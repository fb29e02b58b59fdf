/**
 * Migration 1: the team database's foundation (docs/architecture.md, "Team mode: the database").
 * Group roles, the operations table with the exactly-once constraints (D19: the account is the
 * unit), the hash-chained journal, and the functions that are a desk's only way to change either.
 * Kept as a TypeScript string rather than a .sql file so both bundles (electron-vite, the CLI's
 * esbuild) carry it without a loader. Never edit a released migration: add the next one.
 */
export const foundation = {
  version: 1,
  name: 'foundation',
  sql: String.raw`
DO $roles$
DECLARE
  group_role text;
BEGIN
  FOREACH group_role IN ARRAY ARRAY['paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_admin'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = group_role) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', group_role);
    END IF;
  END LOOP;
END
$roles$;
GRANT paydesk_viewer TO paydesk_operator, paydesk_approver, paydesk_admin;

REVOKE ALL ON SCHEMA paydesk FROM PUBLIC;
GRANT USAGE ON SCHEMA paydesk TO paydesk_viewer;

CREATE TABLE paydesk.operations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL CHECK (account <> ''),
  action text NOT NULL CHECK (action IN ('refund', 'cashout_cancel', 'deposit_create')),
  target_kind text NOT NULL CHECK (target_kind IN ('deposit', 'invoice', 'cashout')),
  target_id text NOT NULL CHECK (target_id <> ''),
  idempotency_key uuid NOT NULL,
  amount numeric CHECK (amount > 0),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  body_hash text NOT NULL CHECK (body_hash ~ '^[0-9a-f]{64}$'),
  state text NOT NULL DEFAULT 'sending'
    CHECK (state IN ('sending', 'ok', 'error', 'outcome_unknown', 'settled')),
  http_status integer,
  service_code integer,
  made_by text NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((action, target_kind) IN (('refund', 'deposit'), ('cashout_cancel', 'cashout'), ('deposit_create', 'invoice'))),
  UNIQUE (account, action, idempotency_key)
);
-- While an operation's outcome is open or unknown, nothing else may start on its target (the
-- one-desk journal's rule, here for every desk at once).
CREATE UNIQUE INDEX operations_one_open_per_target ON paydesk.operations (account, target_kind, target_id)
  WHERE state IN ('sending', 'outcome_unknown');

CREATE TABLE paydesk.journal (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  entry text NOT NULL CHECK ((entry::jsonb) IS NOT NULL),
  person text NOT NULL DEFAULT session_user,
  at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);
CREATE TABLE paydesk.journal_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seq bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO paydesk.journal_head (seq, hash) VALUES (0, repeat('0', 64));

-- Whoever inserts (a function, or a role someone granted table rights), the person is the login.
CREATE FUNCTION paydesk.stamp_session_user() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
BEGIN
  IF TG_TABLE_NAME = 'operations' THEN
    NEW.made_by := session_user;
  ELSE
    NEW.person := session_user;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER operations_made_by BEFORE INSERT ON paydesk.operations
  FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_session_user();
-- Every desk listening hears of each operation begun or changed, within the transaction's commit
-- (NOTIFY is sent on commit, never for a rollback). The payload is a hint to read the view again,
-- never data to trust: any role may NOTIFY on any channel.
CREATE FUNCTION paydesk.announce_operation() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
BEGIN
  PERFORM pg_notify('paydesk_operations', json_build_object('operation', NEW.id, 'state', NEW.state)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER operations_announced AFTER INSERT OR UPDATE ON paydesk.operations
  FOR EACH ROW EXECUTE FUNCTION paydesk.announce_operation();
CREATE TRIGGER journal_person BEFORE INSERT ON paydesk.journal
  FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_session_user();

CREATE FUNCTION paydesk.refuse_journal_rewrite() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
BEGIN
  IF current_user::regrole <> (SELECT relowner::regrole FROM pg_class WHERE oid = TG_RELID) THEN
    RAISE EXCEPTION 'the team journal is append-only: % refused for %', TG_OP, current_user
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER journal_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON paydesk.journal
  FOR EACH STATEMENT EXECUTE FUNCTION paydesk.refuse_journal_rewrite();

-- The canonical content an entry's hash covers; main/core/team/chain.ts computes the same.
CREATE FUNCTION paydesk.journal_hash(seq bigint, prev_hash text, person text, at timestamptz, entry text)
RETURNS text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, paydesk AS $$
  SELECT encode(sha256(convert_to(
    seq::text || E'\n' || prev_hash || E'\n' || person || E'\n' ||
    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || E'\n' || entry, 'UTF8')), 'hex')
$$;

-- Appends under the head row's lock, so concurrent appends from any desk form one chain.
CREATE FUNCTION paydesk.append_journal(entry jsonb) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  head record;
  entry_text text := entry::text;
  at_ms timestamptz := date_trunc('milliseconds', clock_timestamp());
  next_hash text;
BEGIN
  SELECT seq, hash INTO head FROM journal_head FOR UPDATE;
  next_hash := journal_hash(head.seq + 1, head.hash, session_user, at_ms, entry_text);
  INSERT INTO journal (seq, prev_hash, hash, entry, at)
    VALUES (head.seq + 1, head.hash, next_hash, entry_text, at_ms);
  UPDATE journal_head SET seq = head.seq + 1, hash = next_hash;
  RETURN head.seq + 1;
END
$$;

CREATE FUNCTION paydesk.begin_operation(
  p_account text, p_action text, p_target_kind text, p_target_id text,
  p_idempotency_key uuid, p_amount numeric, p_currency text, p_body_hash text
) RETURNS SETOF paydesk.operations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  made operations;
  blocking operations;
BEGIN
  INSERT INTO operations (account, action, target_kind, target_id, idempotency_key, amount, currency, body_hash)
    VALUES (p_account, p_action, p_target_kind, p_target_id, p_idempotency_key, p_amount, p_currency, p_body_hash)
    ON CONFLICT DO NOTHING
    RETURNING * INTO made;
  IF made.id IS NOT NULL THEN
    PERFORM append_journal(jsonb_build_object('type', 'operation_begun', 'operation', made.id,
      'account', made.account, 'action', made.action, 'target_kind', made.target_kind,
      'target_id', made.target_id, 'idempotency_key', made.idempotency_key,
      'amount', made.amount, 'currency', made.currency, 'body_hash', made.body_hash));
    RETURN NEXT made;
    RETURN;
  END IF;
  -- The same key again is the same operation (D6): answered, never made twice; with another body it is refused.
  SELECT * INTO made FROM operations
    WHERE account = p_account AND action = p_action AND idempotency_key = p_idempotency_key;
  IF made.id IS NOT NULL THEN
    IF made.body_hash <> p_body_hash OR made.target_kind <> p_target_kind OR made.target_id <> p_target_id THEN
      RAISE EXCEPTION 'idempotency key % was already used by operation % with another request', p_idempotency_key, made.id
        USING ERRCODE = 'PD002', DETAIL = made.id::text;
    END IF;
    -- D18: past 23 h the service may have forgotten the key, and a resend would make a second record.
    IF made.state IN ('sending', 'outcome_unknown') AND made.created_at < now() - interval '23 hours' THEN
      RAISE EXCEPTION 'operation % was first sent at %, more than 23 hours ago: the service keeps a request key for 24 hours only, so sending it again could make a second record. Read its status instead, or settle it after checking with the service',
        made.id, to_char(made.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        USING ERRCODE = 'PD005', DETAIL = made.id::text;
    END IF;
    RETURN NEXT made;
    RETURN;
  END IF;
  SELECT * INTO blocking FROM operations
    WHERE account = p_account AND target_kind = p_target_kind AND target_id = p_target_id
      AND state IN ('sending', 'outcome_unknown');
  IF blocking.id IS NULL THEN
    RAISE EXCEPTION '% % had an open operation that was closed a moment ago: try again', p_target_kind, p_target_id
      USING ERRCODE = 'PD001', DETAIL = '';
  END IF;
  RAISE EXCEPTION '% % already has operation % (%, by %) in state %: resolve it before starting another',
    p_target_kind, p_target_id, blocking.id, blocking.action, blocking.made_by, blocking.state
    USING ERRCODE = 'PD001', DETAIL = blocking.id::text;
END
$$;

-- The operation, locked for the caller's change, while its outcome is still open or unknown;
-- refused when there is none or it is closed. Callable only from the functions below.
CREATE FUNCTION paydesk.open_operation(p_operation bigint) RETURNS paydesk.operations
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
DECLARE
  op operations;
BEGIN
  SELECT * INTO op FROM operations WHERE id = p_operation FOR UPDATE;
  IF op.id IS NULL THEN
    RAISE EXCEPTION 'no operation %', p_operation USING ERRCODE = 'PD004';
  END IF;
  IF op.state NOT IN ('sending', 'outcome_unknown') THEN
    RAISE EXCEPTION 'operation % is already closed (%)', p_operation, op.state USING ERRCODE = 'PD005';
  END IF;
  RETURN op;
END
$$;

-- An answer with 104 or a 5xx, or none at all, settles nothing: the outcome stays unknown and the
-- target stays blocked (the one-desk journal's rules, docs/architecture.md).
CREATE FUNCTION paydesk.record_outcome(p_operation bigint, p_outcome text, p_http_status integer, p_service_code integer)
RETURNS SETOF paydesk.operations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  op operations;
  next_state text;
BEGIN
  IF p_outcome NOT IN ('ok', 'error', 'unknown') THEN
    RAISE EXCEPTION 'outcome must be ok, error or unknown, not %', p_outcome USING ERRCODE = 'PD003';
  END IF;
  op := open_operation(p_operation);
  next_state := CASE
    WHEN p_outcome = 'unknown' OR p_service_code = 104 OR p_http_status >= 500 THEN 'outcome_unknown'
    ELSE p_outcome END;
  UPDATE operations SET state = next_state, http_status = p_http_status, service_code = p_service_code,
      updated_at = now()
    WHERE id = p_operation RETURNING * INTO op;
  PERFORM append_journal(jsonb_build_object('type', 'operation_outcome', 'operation', op.id,
    'state', next_state, 'http_status', p_http_status, 'service_code', p_service_code));
  RETURN NEXT op;
END
$$;

-- An operation whose outcome is unknown is settled by a person who checked it with the service: by
-- reading its status, or by hand with a note saying how. Its state becomes what was found, so the
-- refunded total counts it right; the journal keeps how and by whom. An operation still being sent
-- (under five minutes old) is not settled behind its desk's back: its answer may yet come.
CREATE FUNCTION paydesk.settle_operation(p_operation bigint, p_result text, p_method text, p_note text)
RETURNS SETOF paydesk.operations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  op operations;
BEGIN
  IF p_result NOT IN ('ok', 'error') THEN
    RAISE EXCEPTION 'a settled operation ends in ok or error, not %', p_result USING ERRCODE = 'PD003';
  END IF;
  IF p_method NOT IN ('status_reread', 'manual') THEN
    RAISE EXCEPTION 'an operation is settled by status_reread or manual, not %', p_method USING ERRCODE = 'PD003';
  END IF;
  IF p_method = 'manual' AND coalesce(btrim(p_note), '') = '' THEN
    RAISE EXCEPTION 'a manual settlement says how it was checked' USING ERRCODE = 'PD003';
  END IF;
  IF length(p_note) > 500 THEN
    RAISE EXCEPTION 'the note is longer than 500 characters' USING ERRCODE = 'PD003';
  END IF;
  op := open_operation(p_operation);
  IF op.state = 'sending' AND op.created_at > now() - interval '5 minutes' THEN
    RAISE EXCEPTION 'operation % is still being sent by %: wait for its answer, or settle it after five minutes', p_operation, op.made_by
      USING ERRCODE = 'PD005';
  END IF;
  UPDATE operations SET state = p_result, updated_at = now() WHERE id = p_operation RETURNING * INTO op;
  PERFORM append_journal(jsonb_build_object('type', 'operation_settled', 'operation', op.id,
    'state', p_result, 'method', p_method, 'note', p_note));
  RETURN NEXT op;
END
$$;

-- What every desk has refunded of a deposit, counting what may have gone through (sent, unknown).
CREATE FUNCTION paydesk.refunded_total(p_account text, p_deposit text) RETURNS numeric
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT coalesce(sum(amount), 0) FROM operations
    WHERE account = p_account AND action = 'refund' AND target_kind = 'deposit' AND target_id = p_deposit
      AND state IN ('ok', 'sending', 'outcome_unknown')
$$;

-- Everyone added as a person (people.ts), kept after their removal: a removed role is NOLOGIN and
-- in no group, so only this says it was one of the team's people.
CREATE TABLE paydesk.people (
  person text PRIMARY KEY CHECK (person <> ''),
  added_at timestamptz NOT NULL DEFAULT now()
);

-- Who is who, for every person to read: the people added and any role put in a group by hand,
-- with the groups each is directly in and whether it may log in. Never the verifiers (pg_roles
-- shows none).
CREATE VIEW paydesk.people_view AS
  SELECT r.rolname::text AS person,
         r.rolcanlogin AS can_login,
         coalesce(array(
           SELECT g.rolname::text FROM pg_catalog.pg_auth_members m
             JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
            WHERE m.member = r.oid
              AND g.rolname IN ('paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_admin')
            ORDER BY g.rolname), '{}') AS groups
    FROM pg_catalog.pg_roles r
   WHERE r.rolname NOT IN ('paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_admin')
     AND (r.rolname IN (SELECT person FROM paydesk.people)
          OR EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m
                       JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
                      WHERE m.member = r.oid
                        AND g.rolname IN ('paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_admin')));

-- The team's environment profiles: admins keep them, every desk reads them and adopts one as a
-- profile of its own, with its own service credentials (never kept here). Each change journaled.
CREATE TABLE paydesk.environments (
  name text PRIMARY KEY CHECK (length(btrim(name)) BETWEEN 1 AND 64 AND name = btrim(name)),
  kind text NOT NULL CHECK (kind IN ('testing', 'production')),
  base_url text NOT NULL CHECK (base_url ~ '^https?://[^[:space:]]+$' AND length(base_url) <= 2048),
  color text NOT NULL CHECK (color ~ '^[a-z]{1,20}$'),
  updated_by text NOT NULL DEFAULT session_user,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION paydesk.put_environment(p_name text, p_kind text, p_base_url text, p_color text)
RETURNS SETOF paydesk.environments
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  kept environments;
BEGIN
  INSERT INTO environments (name, kind, base_url, color, updated_by, updated_at)
    VALUES (p_name, p_kind, p_base_url, p_color, session_user, now())
    ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind, base_url = EXCLUDED.base_url,
      color = EXCLUDED.color, updated_by = session_user, updated_at = now()
    RETURNING * INTO kept;
  PERFORM append_journal(jsonb_build_object('type', 'environment_put', 'name', kept.name,
    'kind', kept.kind, 'base_url', kept.base_url, 'color', kept.color));
  RETURN NEXT kept;
END
$$;
CREATE FUNCTION paydesk.remove_environment(p_name text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
BEGIN
  DELETE FROM environments WHERE name = p_name;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the team has no environment named %', p_name USING ERRCODE = 'PD004';
  END IF;
  PERFORM append_journal(jsonb_build_object('type', 'environment_removed', 'name', p_name));
END
$$;
CREATE VIEW paydesk.environments_view AS SELECT * FROM paydesk.environments;

-- The team's watchlist: what is pinned on an account (D19), by whom; an unpin leaves a tombstone
-- so a desk that still has the pin learns it was taken off, rather than putting it back.
CREATE TABLE paydesk.watch_pins (
  account text NOT NULL CHECK (account <> ''),
  kind text NOT NULL CHECK (kind IN ('deposit', 'refund', 'cashout', 'sub_merchant')),
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
  pinned_by text NOT NULL DEFAULT session_user,
  pinned_at timestamptz NOT NULL DEFAULT now(),
  removed_by text,
  removed_at timestamptz,
  PRIMARY KEY (account, kind, id)
);
CREATE FUNCTION paydesk.pin_watch(p_account text, p_kind text, p_id text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  INSERT INTO watch_pins (account, kind, id, pinned_by, pinned_at) VALUES (p_account, p_kind, p_id, session_user, now())
    ON CONFLICT (account, kind, id) DO UPDATE SET pinned_by = session_user, pinned_at = now(),
      removed_by = NULL, removed_at = NULL
    WHERE watch_pins.removed_at IS NOT NULL
$$;
CREATE FUNCTION paydesk.unpin_watch(p_account text, p_kind text, p_id text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  UPDATE watch_pins SET removed_by = session_user, removed_at = now()
    WHERE account = p_account AND kind = p_kind AND id = p_id AND removed_at IS NULL
$$;
CREATE VIEW paydesk.watch_pins_view AS SELECT * FROM paydesk.watch_pins;

CREATE VIEW paydesk.operations_view AS SELECT * FROM paydesk.operations;
CREATE VIEW paydesk.journal_view AS SELECT * FROM paydesk.journal;
CREATE VIEW paydesk.journal_head_view AS SELECT seq, hash FROM paydesk.journal_head;
CREATE VIEW paydesk.schema_version_view AS SELECT version, name, applied_at FROM paydesk.schema_version;

REVOKE ALL ON ALL TABLES IN SCHEMA paydesk FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA paydesk FROM PUBLIC;
GRANT SELECT ON paydesk.operations_view, paydesk.journal_view, paydesk.journal_head_view,
  paydesk.schema_version_view, paydesk.people_view, paydesk.environments_view, paydesk.watch_pins_view TO paydesk_viewer;
GRANT EXECUTE ON FUNCTION paydesk.refunded_total(text, text), paydesk.pin_watch(text, text, text),
  paydesk.unpin_watch(text, text, text) TO paydesk_viewer;
GRANT EXECUTE ON FUNCTION paydesk.begin_operation(text, text, text, text, uuid, numeric, text, text),
  paydesk.record_outcome(bigint, text, integer, integer),
  paydesk.settle_operation(bigint, text, text, text) TO paydesk_operator, paydesk_admin;
GRANT EXECUTE ON FUNCTION paydesk.put_environment(text, text, text, text),
  paydesk.remove_environment(text) TO paydesk_admin;

-- The shared record index (docs/architecture.md, "Team mode: shared records"): what any desk of an
-- account has seen of its deposits, refunds, cashouts and sub-merchants, so that a search at one
-- desk finds what another saw. Keyed by the merchant's account at the service (D19), never by a
-- desk's environment id, which differs from desk to desk. Derived data, as the embedded index
-- (main/core/record-index/sqlite*.ts), with the same columns and merge rules; no payer data.
CREATE TABLE paydesk.records (
  account text NOT NULL CHECK (account <> ''),
  kind text NOT NULL CHECK (kind IN ('deposit', 'refund', 'cashout', 'sub_merchant')),
  id text NOT NULL CHECK (id <> ''),
  invoice_id text,
  external_id text,
  deposit_id text,
  status text,
  amount double precision,
  currency text,
  country text,
  payment_method text,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('created', 'lookup', 'batch', 'watch', 'rebuild')),
  intent_key text,
  instructions_json text CHECK (instructions_json IS NULL OR (instructions_json::jsonb) IS NOT NULL),
  instructions_expires_at timestamptz,
  observed_by text NOT NULL DEFAULT session_user,
  observed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, kind, id)
);
-- Search matches a prefix as a byte-wise range (~>~, ~<~), which text_pattern_ops serves in order.
CREATE INDEX records_by_id ON paydesk.records (account, id text_pattern_ops);
CREATE INDEX records_by_invoice_id ON paydesk.records (account, invoice_id text_pattern_ops)
  WHERE invoice_id IS NOT NULL;
CREATE INDEX records_by_external_id ON paydesk.records (account, external_id text_pattern_ops)
  WHERE external_id IS NOT NULL;
CREATE INDEX records_by_deposit_id ON paydesk.records (account, deposit_id) WHERE deposit_id IS NOT NULL;
CREATE INDEX records_recent ON paydesk.records (account, kind, last_seen);

-- A field of a sighting at least as new as what is known overwrites it when present; an older
-- sighting's only fills it when still unknown (sqlite-sql.ts merged, the same rule). It names no
-- object, so it has no SET search_path, which would keep the planner from inlining it.
CREATE FUNCTION paydesk.merged_field(newer boolean, seen anyelement, known anyelement) RETURNS anyelement
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN newer THEN COALESCE(seen, known) ELSE COALESCE(known, seen) END
$$;

-- One sighting merged into what is known (sqlite-sql.ts UPSERT, the same rules).
CREATE FUNCTION paydesk.merge_record(o paydesk.records) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, paydesk AS $$
  INSERT INTO records AS r (account, kind, id, invoice_id, external_id, deposit_id, status, amount, currency,
      country, payment_method, first_seen, last_seen, source, intent_key, instructions_json, instructions_expires_at)
    VALUES (o.account, o.kind, o.id, o.invoice_id, o.external_id, o.deposit_id, o.status, o.amount, o.currency,
      o.country, o.payment_method, o.first_seen, o.last_seen, o.source, o.intent_key, o.instructions_json,
      o.instructions_expires_at)
  ON CONFLICT (account, kind, id) DO UPDATE SET
    invoice_id = merged_field(excluded.last_seen >= r.last_seen, excluded.invoice_id, r.invoice_id),
    external_id = merged_field(excluded.last_seen >= r.last_seen, excluded.external_id, r.external_id),
    deposit_id = merged_field(excluded.last_seen >= r.last_seen, excluded.deposit_id, r.deposit_id),
    status = merged_field(excluded.last_seen >= r.last_seen, excluded.status, r.status),
    amount = merged_field(excluded.last_seen >= r.last_seen, excluded.amount, r.amount),
    currency = merged_field(excluded.last_seen >= r.last_seen, excluded.currency, r.currency),
    country = merged_field(excluded.last_seen >= r.last_seen, excluded.country, r.country),
    payment_method = merged_field(excluded.last_seen >= r.last_seen, excluded.payment_method, r.payment_method),
    intent_key = merged_field(excluded.last_seen >= r.last_seen, excluded.intent_key, r.intent_key),
    instructions_json = CASE WHEN excluded.instructions_json IS NOT NULL
        AND (excluded.last_seen >= r.last_seen OR r.instructions_json IS NULL)
      THEN excluded.instructions_json ELSE r.instructions_json END,
    instructions_expires_at = CASE WHEN excluded.instructions_json IS NOT NULL
        AND (excluded.last_seen >= r.last_seen OR r.instructions_json IS NULL)
      THEN excluded.instructions_expires_at ELSE r.instructions_expires_at END,
    source = CASE
      WHEN r.source = 'created' OR excluded.source = 'created' THEN 'created'
      WHEN excluded.first_seen < r.first_seen THEN excluded.source
      ELSE r.source END,
    first_seen = LEAST(r.first_seen, excluded.first_seen),
    last_seen = GREATEST(r.last_seen, excluded.last_seen),
    observed_by = session_user,
    observed_at = now()
$$;

-- A desk's only way to write the shared index: every sighting in one transaction, each an object
-- with the table's column names (first_seen = last_seen = when it was seen). A cashout seen by its
-- external id alone is keyed 'ext:' and the external id until its cashout id is known; the first sighting
-- naming both takes that row in and removes it (sqlite-index.ts observeOne, the same rules).
CREATE FUNCTION paydesk.observe_records(p_observations jsonb) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  o records;
  known text;
  earlier records;
  observed integer := 0;
BEGIN
  IF jsonb_typeof(p_observations) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'the observations must be a JSON array' USING ERRCODE = 'PD003';
  END IF;
  FOR o IN SELECT * FROM jsonb_populate_recordset(NULL::records, p_observations) LOOP
    observed := observed + 1;
    IF o.kind <> 'cashout' OR o.external_id IS NULL THEN
      PERFORM merge_record(o);
    ELSIF starts_with(o.id, 'ext:') THEN
      SELECT r.id INTO known FROM records r
        WHERE r.account = o.account AND r.kind = 'cashout' AND r.external_id = o.external_id
          AND NOT starts_with(r.id, 'ext:')
        ORDER BY r.last_seen DESC LIMIT 1;
      IF known IS NOT NULL THEN
        o.id := known;
      END IF;
      PERFORM merge_record(o);
    ELSE
      PERFORM merge_record(o);
      SELECT * INTO earlier FROM records
        WHERE account = o.account AND kind = 'cashout' AND id = 'ext:' || o.external_id FOR UPDATE;
      IF FOUND THEN
        o.status := earlier.status;
        o.first_seen := earlier.last_seen;
        o.last_seen := earlier.last_seen;
        o.source := earlier.source;
        o.intent_key := earlier.intent_key;
        PERFORM merge_record(o);
        UPDATE records SET
            source = CASE WHEN source <> 'created' AND earlier.first_seen < first_seen THEN earlier.source
              ELSE source END,
            first_seen = LEAST(first_seen, earlier.first_seen)
          WHERE account = o.account AND kind = 'cashout' AND id = o.id;
        DELETE FROM records WHERE account = o.account AND kind = 'cashout' AND id = earlier.id;
      END IF;
    END IF;
  END LOOP;
  RETURN observed;
END
$$;

-- What desks read: a refund's currency is its deposit's (D8), resolved as sqlite-sql.ts does.
CREATE VIEW paydesk.records_view AS
  SELECT r.account, r.kind, r.id, r.invoice_id, r.external_id, r.deposit_id, r.status, r.amount,
    CASE WHEN r.kind = 'refund' THEN COALESCE(
        (SELECT d.currency FROM paydesk.records d
          WHERE d.account = r.account AND d.kind = 'deposit' AND d.id = r.deposit_id),
        r.currency)
      ELSE r.currency END AS currency,
    r.country, r.payment_method, r.first_seen, r.last_seen, r.source, r.intent_key, r.instructions_json,
    r.instructions_expires_at, r.observed_by, r.observed_at
  FROM paydesk.records r;

-- Search (record-index/postgres.ts): per column, exact matches newest first, then prefixes as a
-- byte-wise range in byte order. Run as the owner: a desk reading the view itself had its
-- statement planned without the table's statistics and ran it five times slower
-- (docs/performance.md, "Team mode: search"); PL/pgSQL also keeps the plan between calls.
CREATE FUNCTION paydesk.search_records(p_account text, p_kinds text[], p_text text, p_limit integer)
RETURNS TABLE (exact boolean, part integer, matched text, account text, kind text, id text,
  invoice_id text, external_id text, deposit_id text, status text, amount double precision,
  currency text, country text, payment_method text, first_seen timestamptz, last_seen timestamptz,
  source text, intent_key text, instructions_json text, instructions_expires_at timestamptz,
  observed_by text, observed_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    (SELECT true, 0, v.id, v.* FROM records_view v
       WHERE v.account = p_account AND v.kind = ANY(p_kinds) AND v.id = p_text
       ORDER BY v.last_seen DESC, v.kind, v.id COLLATE "C" LIMIT p_limit)
    UNION ALL
    (SELECT false, 0, v.id, v.* FROM records_view v
       WHERE v.account = p_account AND v.kind = ANY(p_kinds) AND v.id ~>~ p_text
         AND v.id ~<~ (p_text || chr(1114111))
       ORDER BY v.id USING ~<~, v.kind, v.id COLLATE "C" LIMIT p_limit)
    UNION ALL
    (SELECT true, 1, v.invoice_id, v.* FROM records_view v
       WHERE v.account = p_account AND v.kind = ANY(p_kinds) AND v.invoice_id = p_text
       ORDER BY v.last_seen DESC, v.kind, v.id COLLATE "C" LIMIT p_limit)
    UNION ALL
    (SELECT false, 1, v.invoice_id, v.* FROM records_view v
       WHERE v.account = p_account AND v.kind = ANY(p_kinds) AND v.invoice_id ~>~ p_text
         AND v.invoice_id ~<~ (p_text || chr(1114111))
       ORDER BY v.invoice_id USING ~<~, v.kind, v.id COLLATE "C" LIMIT p_limit)
    UNION ALL
    (SELECT true, 2, v.external_id, v.* FROM records_view v
       WHERE v.account = p_account AND v.kind = ANY(p_kinds) AND v.external_id = p_text
       ORDER BY v.last_seen DESC, v.kind, v.id COLLATE "C" LIMIT p_limit)
    UNION ALL
    (SELECT false, 2, v.external_id, v.* FROM records_view v
       WHERE v.account = p_account AND v.kind = ANY(p_kinds) AND v.external_id ~>~ p_text
         AND v.external_id ~<~ (p_text || chr(1114111))
       ORDER BY v.external_id USING ~<~, v.kind, v.id COLLATE "C" LIMIT p_limit);
END
$$;

REVOKE ALL ON paydesk.records, paydesk.records_view FROM PUBLIC;
REVOKE ALL ON FUNCTION paydesk.merged_field(boolean, anyelement, anyelement), paydesk.merge_record(paydesk.records),
  paydesk.observe_records(jsonb), paydesk.search_records(text, text[], text, integer) FROM PUBLIC;
GRANT SELECT ON paydesk.records_view TO paydesk_viewer;
GRANT EXECUTE ON FUNCTION paydesk.search_records(text, text[], text, integer) TO paydesk_viewer;
-- Every desk that looks records up feeds the index, viewers too: a sighting moves no money.
GRANT EXECUTE ON FUNCTION paydesk.observe_records(jsonb) TO paydesk_viewer;
`,
} as const;
