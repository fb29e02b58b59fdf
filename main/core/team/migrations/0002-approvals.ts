/**
 * Migration 2: four-eyes approvals (docs/architecture.md, "Team mode: approvals"). Policies per
 * team environment, requests stored with their exact body and key, approvals bound to the body's
 * hash, and a claim that alone may begin an operation a policy governs. Every refusal is the
 * database's: a function check first, and a constraint behind it for a role that bypasses the
 * function. The environment that governs an account is the one whose origin the account names
 * (payments/account.ts: an account is `origin#key:hash`), so a desk's own profile of a production
 * service is governed too, adopted from the team or not.
 */
export const approvals = {
  version: 2,
  name: 'approvals',
  sql: String.raw`
DO $roles$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'paydesk_executor') THEN
    CREATE ROLE paydesk_executor NOLOGIN;
  END IF;
END
$roles$;
GRANT paydesk_viewer TO paydesk_executor;

-- The executor group is one of the team's groups (people.ts): listed with them, never as a person.
CREATE OR REPLACE VIEW paydesk.people_view AS
  SELECT r.rolname::text AS person,
         r.rolcanlogin AS can_login,
         coalesce(array(
           SELECT g.rolname::text FROM pg_catalog.pg_auth_members m
             JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
            WHERE m.member = r.oid
              AND g.rolname IN ('paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_executor', 'paydesk_admin')
            ORDER BY g.rolname), '{}') AS groups
    FROM pg_catalog.pg_roles r
   WHERE r.rolname NOT IN ('paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_executor', 'paydesk_admin')
     AND (r.rolname IN (SELECT person FROM paydesk.people)
          OR EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m
                       JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
                      WHERE m.member = r.oid
                        AND g.rolname IN ('paydesk_viewer', 'paydesk_operator', 'paydesk_approver', 'paydesk_executor', 'paydesk_admin')));

-- The origin an environment's base URL names, as payments/base-url.ts accountOrigin writes it.
ALTER TABLE paydesk.environments ADD COLUMN origin text
  CHECK (origin IS NULL OR origin ~ '^https?://[^[:space:]/]+:[0-9]+$');
CREATE INDEX environments_by_origin ON paydesk.environments (origin);
-- Who signs an approved move in the environment: the approver's desk, or only the team's executor
-- (the one machine that holds the environment's credentials; console/executor.ts).
ALTER TABLE paydesk.environments ADD COLUMN signer text NOT NULL DEFAULT 'desk' CHECK (signer IN ('desk', 'executor'));
DROP FUNCTION paydesk.put_environment(text, text, text, text);
CREATE FUNCTION paydesk.put_environment(p_name text, p_kind text, p_base_url text, p_color text, p_origin text)
RETURNS SETOF paydesk.environments
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  kept environments;
BEGIN
  INSERT INTO environments (name, kind, base_url, color, origin, updated_by, updated_at)
    VALUES (p_name, p_kind, p_base_url, p_color, p_origin, session_user, now())
    ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind, base_url = EXCLUDED.base_url,
      color = EXCLUDED.color, origin = EXCLUDED.origin, updated_by = session_user, updated_at = now()
    RETURNING * INTO kept;
  PERFORM append_journal(jsonb_build_object('type', 'environment_put', 'name', kept.name,
    'kind', kept.kind, 'base_url', kept.base_url, 'color', kept.color));
  RETURN NEXT kept;
END
$$;
CREATE OR REPLACE VIEW paydesk.environments_view AS SELECT * FROM paydesk.environments;

CREATE FUNCTION paydesk.set_signer(p_environment text, p_signer text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
BEGIN
  IF p_signer NOT IN ('desk', 'executor') THEN
    RAISE EXCEPTION 'an approved move is signed by the desk or the executor, not %', p_signer USING ERRCODE = 'PD003';
  END IF;
  UPDATE environments SET signer = p_signer, updated_by = session_user, updated_at = now() WHERE name = p_environment;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the team has no environment named %', p_environment USING ERRCODE = 'PD004';
  END IF;
  PERFORM append_journal(jsonb_build_object('type', 'signer_set', 'environment', p_environment, 'signer', p_signer));
END
$$;

-- Each executor says it is alive after every pass, so desks can say plainly when it is not.
CREATE TABLE paydesk.executor_heartbeats (
  person text NOT NULL DEFAULT session_user,
  account text NOT NULL CHECK (account <> ''),
  at timestamptz NOT NULL DEFAULT now(),
  sent bigint NOT NULL DEFAULT 0 CHECK (sent >= 0),
  PRIMARY KEY (person, account)
);
CREATE FUNCTION paydesk.executor_heartbeat(p_account text, p_sent bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  INSERT INTO executor_heartbeats (person, account, at, sent) VALUES (session_user, p_account, now(), p_sent)
    ON CONFLICT (person, account) DO UPDATE SET at = now(), sent = executor_heartbeats.sent + EXCLUDED.sent
$$;
CREATE VIEW paydesk.executor_heartbeats_view AS
  SELECT person, account, at, sent, extract(epoch FROM now() - at)::integer AS seconds_ago FROM paydesk.executor_heartbeats;

-- What an action needs in an environment. With no row, the defaults: in production, refunds and
-- cashout cancels always need one approver, valid four hours; nothing else needs one.
CREATE TABLE paydesk.approval_policies (
  environment text NOT NULL REFERENCES paydesk.environments (name) ON DELETE CASCADE ON UPDATE CASCADE,
  action text NOT NULL CHECK (action IN ('refund', 'cashout_cancel', 'deposit_create')),
  mode text NOT NULL CHECK (mode IN ('none', 'above', 'always')),
  -- 'above': the amount per currency above which an approval is needed; a currency not named needs one.
  thresholds jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(thresholds) = 'object'),
  approvers integer NOT NULL DEFAULT 1 CHECK (approvers BETWEEN 1 AND 5),
  valid_for interval NOT NULL DEFAULT interval '4 hours'
    CHECK (valid_for >= interval '1 minute' AND valid_for <= interval '7 days'),
  updated_by text NOT NULL DEFAULT session_user,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, action),
  CHECK (mode <> 'above' OR thresholds <> '{}'::jsonb)
);

CREATE FUNCTION paydesk.effective_policies() RETURNS TABLE (
  environment text, kind text, origin text, signer text, action text, mode text, thresholds jsonb,
  approvers integer, valid_for interval, is_default boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT e.name, e.kind, e.origin, e.signer, a.action,
         coalesce(p.mode, CASE WHEN e.kind = 'production' AND a.action <> 'deposit_create' THEN 'always' ELSE 'none' END),
         coalesce(p.thresholds, '{}'::jsonb), coalesce(p.approvers, 1), coalesce(p.valid_for, interval '4 hours'),
         p.environment IS NULL
    FROM environments e
   CROSS JOIN (VALUES ('refund'), ('cashout_cancel'), ('deposit_create')) AS a (action)
    LEFT JOIN approval_policies p ON p.environment = e.name AND p.action = a.action
$$;

-- The policy that asks an approval of this move, the strictest when two environments name the
-- same origin; no row when none does. An amount or currency not stated needs one (fail closed).
CREATE FUNCTION paydesk.approval_needed(p_account text, p_action text, p_amount numeric, p_currency text)
RETURNS TABLE (environment text, approvers integer, valid_for interval)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT environment, approvers, valid_for FROM effective_policies()
   WHERE origin = split_part(p_account, '#', 1) AND action = p_action
     AND (mode = 'always' OR (mode = 'above' AND (
           p_amount IS NULL OR p_currency IS NULL OR NOT thresholds ? p_currency
           OR p_amount > (thresholds ->> p_currency)::numeric)))
   ORDER BY approvers DESC, valid_for ASC LIMIT 1
$$;

CREATE FUNCTION paydesk.set_policy(p_environment text, p_action text, p_mode text, p_thresholds jsonb,
  p_approvers integer, p_valid_for interval)
RETURNS SETOF paydesk.approval_policies
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  kept approval_policies;
  currency text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM environments WHERE name = p_environment) THEN
    RAISE EXCEPTION 'the team has no environment named %', p_environment USING ERRCODE = 'PD004';
  END IF;
  FOR currency IN SELECT jsonb_object_keys(coalesce(p_thresholds, '{}'::jsonb)) LOOP
    IF currency !~ '^[A-Z]{3}$' OR jsonb_typeof(p_thresholds -> currency) <> 'string'
       OR (p_thresholds ->> currency) !~ '^[0-9]{1,15}(\.[0-9]{1,2})?$' THEN
      RAISE EXCEPTION 'a threshold is a currency code and a decimal amount as text, like {"BRL": "500.00"}'
        USING ERRCODE = 'PD003';
    END IF;
  END LOOP;
  INSERT INTO approval_policies (environment, action, mode, thresholds, approvers, valid_for, updated_by, updated_at)
    VALUES (p_environment, p_action, p_mode, coalesce(p_thresholds, '{}'::jsonb), p_approvers, p_valid_for, session_user, now())
    ON CONFLICT (environment, action) DO UPDATE SET mode = EXCLUDED.mode, thresholds = EXCLUDED.thresholds,
      approvers = EXCLUDED.approvers, valid_for = EXCLUDED.valid_for, updated_by = session_user, updated_at = now()
    RETURNING * INTO kept;
  PERFORM append_journal(jsonb_build_object('type', 'policy_set', 'environment', kept.environment,
    'action', kept.action, 'mode', kept.mode, 'thresholds', kept.thresholds, 'approvers', kept.approvers,
    'valid_for_seconds', extract(epoch FROM kept.valid_for)::bigint));
  RETURN NEXT kept;
END
$$;

-- A money move waiting for approval: its exact body and key, so what is approved is what is sent.
CREATE TABLE paydesk.approval_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  environment text NOT NULL,
  account text NOT NULL CHECK (account <> ''),
  action text NOT NULL CHECK (action IN ('refund', 'cashout_cancel', 'deposit_create')),
  target_kind text NOT NULL CHECK (target_kind IN ('deposit', 'invoice', 'cashout')),
  target_id text NOT NULL CHECK (target_id <> ''),
  idempotency_key uuid NOT NULL,
  amount numeric CHECK (amount > 0),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  body jsonb NOT NULL CHECK (jsonb_typeof(body) = 'object' AND length(body::text) <= 16384),
  body_hash text NOT NULL CHECK (body_hash ~ '^[0-9a-f]{64}$'),
  reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  approvers_needed integer NOT NULL CHECK (approvers_needed BETWEEN 1 AND 5),
  valid_for interval NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'approved', 'rejected', 'withdrawn', 'expired', 'claimed')),
  made_by text NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  expires_at timestamptz,
  closed_by text,
  closed_at timestamptz,
  close_note text CHECK (close_note IS NULL OR length(close_note) <= 500),
  operation bigint REFERENCES paydesk.operations (id),
  CHECK ((action, target_kind) IN (('refund', 'deposit'), ('cashout_cancel', 'cashout'), ('deposit_create', 'invoice'))),
  CHECK (state NOT IN ('approved', 'claimed') OR (approved_at IS NOT NULL AND expires_at IS NOT NULL)),
  CHECK ((state = 'claimed') = (operation IS NOT NULL)),
  UNIQUE (account, action, idempotency_key),
  UNIQUE (id, made_by, body_hash)
);
-- One request at a time on a target, as one open operation at a time (migration 1).
CREATE UNIQUE INDEX approval_requests_one_pending_per_target
  ON paydesk.approval_requests (account, target_kind, target_id) WHERE state IN ('waiting', 'approved');

-- Each approval names the request's maker and body hash, tied to the request by the foreign key,
-- so the CHECK below holds the four-eyes rule even for a role that inserts past the functions.
CREATE TABLE paydesk.approvals (
  request bigint NOT NULL,
  maker text NOT NULL,
  body_hash text NOT NULL,
  approver text NOT NULL DEFAULT session_user,
  note text CHECK (note IS NULL OR length(note) <= 500),
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request, approver),
  FOREIGN KEY (request, maker, body_hash) REFERENCES paydesk.approval_requests (id, made_by, body_hash),
  CONSTRAINT approver_is_not_maker CHECK (approver <> maker)
);

-- Whoever inserts, the maker of a request and the approver of an approval are the login.
CREATE FUNCTION paydesk.stamp_approval_person() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
BEGIN
  IF TG_TABLE_NAME = 'approval_requests' THEN
    NEW.made_by := session_user;
  ELSE
    NEW.approver := session_user;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER approval_requests_made_by BEFORE INSERT ON paydesk.approval_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_approval_person();
CREATE TRIGGER approvals_approver BEFORE INSERT ON paydesk.approvals
  FOR EACH ROW EXECUTE FUNCTION paydesk.stamp_approval_person();

CREATE FUNCTION paydesk.announce_request() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
BEGIN
  PERFORM pg_notify('paydesk_operations', json_build_object('request', NEW.id, 'state', NEW.state)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER approval_requests_announced AFTER INSERT OR UPDATE ON paydesk.approval_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.announce_request();

-- Migration 1's begin_operation without the policy: callable only from the functions here.
ALTER FUNCTION paydesk.begin_operation(text, text, text, text, uuid, numeric, text, text)
  RENAME TO start_operation;
REVOKE ALL ON FUNCTION paydesk.start_operation(text, text, text, text, uuid, numeric, text, text)
  FROM PUBLIC, paydesk_operator, paydesk_admin;

-- A desk's own begin: refused when a policy asks an approval, unless the key already names an
-- operation (a resend of one that was claimed after its approval goes on under its key).
CREATE FUNCTION paydesk.begin_operation(
  p_account text, p_action text, p_target_kind text, p_target_id text,
  p_idempotency_key uuid, p_amount numeric, p_currency text, p_body_hash text
) RETURNS SETOF paydesk.operations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  needed record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM operations WHERE account = p_account AND action = p_action
                   AND idempotency_key = p_idempotency_key) THEN
    SELECT * INTO needed FROM approval_needed(p_account, p_action, p_amount, p_currency);
    IF needed.environment IS NOT NULL THEN
      RAISE EXCEPTION 'the team''s policy for % asks % approver(s) for this %: submit it for approval',
        needed.environment, needed.approvers, replace(p_action, '_', ' ')
        USING ERRCODE = 'PD006', DETAIL = needed.environment;
    END IF;
  END IF;
  RETURN QUERY SELECT * FROM start_operation(p_account, p_action, p_target_kind, p_target_id,
    p_idempotency_key, p_amount, p_currency, p_body_hash);
END
$$;

CREATE FUNCTION paydesk.submit_request(
  p_account text, p_action text, p_target_kind text, p_target_id text, p_idempotency_key uuid,
  p_amount numeric, p_currency text, p_body jsonb, p_body_hash text, p_reason text
) RETURNS SETOF paydesk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  needed record;
  made approval_requests;
  earlier approval_requests;
BEGIN
  SELECT * INTO made FROM approval_requests
    WHERE account = p_account AND action = p_action AND idempotency_key = p_idempotency_key;
  IF made.id IS NOT NULL THEN
    -- The same key again is the same request (D6); with another body or target it is refused.
    IF made.body_hash <> p_body_hash OR made.target_id <> p_target_id OR made.made_by <> session_user THEN
      RAISE EXCEPTION 'idempotency key % was already used by request % with another request', p_idempotency_key, made.id
        USING ERRCODE = 'PD002', DETAIL = made.id::text;
    END IF;
    RETURN NEXT made;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM operations WHERE account = p_account AND target_kind = p_target_kind
               AND target_id = p_target_id AND state IN ('sending', 'outcome_unknown')) THEN
    RAISE EXCEPTION '% % has an operation still open: resolve it before asking for another', p_target_kind, p_target_id
      USING ERRCODE = 'PD001';
  END IF;
  -- Editing a waiting request is withdrawing it and asking again: approvals never carry over.
  FOR earlier IN SELECT * FROM approval_requests
      WHERE account = p_account AND target_kind = p_target_kind AND target_id = p_target_id
        AND state IN ('waiting', 'approved') AND made_by = session_user FOR UPDATE LOOP
    UPDATE approval_requests SET state = 'withdrawn', closed_by = session_user, closed_at = now(),
        close_note = 'replaced by an edited request' WHERE id = earlier.id;
    PERFORM append_journal(jsonb_build_object('type', 'request_withdrawn', 'request', earlier.id,
      'maker', earlier.made_by, 'note', 'replaced by an edited request'));
  END LOOP;
  SELECT * INTO earlier FROM approval_requests
    WHERE account = p_account AND target_kind = p_target_kind AND target_id = p_target_id
      AND state IN ('waiting', 'approved');
  IF earlier.id IS NOT NULL THEN
    RAISE EXCEPTION '% % already has request % (by %) %: it is approved, rejected or withdrawn before another',
      p_target_kind, p_target_id, earlier.id, earlier.made_by, earlier.state USING ERRCODE = 'PD001', DETAIL = '';
  END IF;
  SELECT * INTO needed FROM approval_needed(p_account, p_action, p_amount, p_currency);
  INSERT INTO approval_requests (environment, account, action, target_kind, target_id, idempotency_key,
      amount, currency, body, body_hash, reason, approvers_needed, valid_for)
    VALUES (coalesce(needed.environment, ''), p_account, p_action, p_target_kind, p_target_id, p_idempotency_key,
      p_amount, p_currency, p_body, p_body_hash, p_reason, coalesce(needed.approvers, 1),
      coalesce(needed.valid_for, interval '4 hours'))
    RETURNING * INTO made;
  PERFORM append_journal(jsonb_build_object('type', 'request_submitted', 'request', made.id,
    'maker', made.made_by, 'environment', made.environment, 'account', made.account, 'action', made.action,
    'target_kind', made.target_kind, 'target_id', made.target_id, 'idempotency_key', made.idempotency_key,
    'amount', made.amount, 'currency', made.currency, 'body_hash', made.body_hash, 'reason', made.reason));
  RETURN NEXT made;
END
$$;

CREATE FUNCTION paydesk.pending_request(p_request bigint) RETURNS paydesk.approval_requests
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
DECLARE
  req approval_requests;
BEGIN
  SELECT * INTO req FROM approval_requests WHERE id = p_request FOR UPDATE;
  IF req.id IS NULL THEN
    RAISE EXCEPTION 'no approval request %', p_request USING ERRCODE = 'PD004';
  END IF;
  RETURN req;
END
$$;

CREATE FUNCTION paydesk.approve_request(p_request bigint, p_body_hash text, p_note text)
RETURNS SETOF paydesk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  req approval_requests;
  given integer;
BEGIN
  req := pending_request(p_request);
  IF req.state <> 'waiting' THEN
    RAISE EXCEPTION 'request % is % and takes no approval', p_request, req.state USING ERRCODE = 'PD005';
  END IF;
  IF req.made_by = session_user THEN
    RAISE EXCEPTION 'you asked for request % yourself: another person must approve it', p_request
      USING ERRCODE = 'PD007';
  END IF;
  IF req.body_hash <> coalesce(p_body_hash, '') THEN
    RAISE EXCEPTION 'request % is not the request you were shown (its body changed): read it again', p_request
      USING ERRCODE = 'PD002', DETAIL = p_request::text;
  END IF;
  IF EXISTS (SELECT 1 FROM approvals WHERE request = p_request AND approver = session_user) THEN
    RAISE EXCEPTION 'you already approved request %: another person must give the next approval', p_request
      USING ERRCODE = 'PD007';
  END IF;
  INSERT INTO approvals (request, maker, body_hash, note) VALUES (p_request, req.made_by, req.body_hash, p_note);
  SELECT count(*) INTO given FROM approvals WHERE request = p_request;
  IF given >= req.approvers_needed THEN
    UPDATE approval_requests SET state = 'approved', approved_at = now(), expires_at = now() + valid_for
      WHERE id = p_request RETURNING * INTO req;
  END IF;
  PERFORM append_journal(jsonb_build_object('type', 'request_approved', 'request', p_request,
    'maker', req.made_by, 'approver', session_user, 'approvals', given,
    'approvers_needed', req.approvers_needed, 'note', p_note, 'expires_at', req.expires_at));
  RETURN NEXT req;
END
$$;

CREATE FUNCTION paydesk.close_request(p_request bigint, p_state text, p_note text)
RETURNS SETOF paydesk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  req approval_requests;
BEGIN
  IF p_state NOT IN ('rejected', 'withdrawn') THEN
    RAISE EXCEPTION 'a request is closed as rejected or withdrawn, not %', p_state USING ERRCODE = 'PD003';
  END IF;
  IF p_state = 'rejected' AND coalesce(btrim(p_note), '') = '' THEN
    RAISE EXCEPTION 'a rejection says why' USING ERRCODE = 'PD003';
  END IF;
  req := pending_request(p_request);
  IF req.state NOT IN ('waiting', 'approved') THEN
    RAISE EXCEPTION 'request % is already %', p_request, req.state USING ERRCODE = 'PD005';
  END IF;
  IF p_state = 'withdrawn' AND req.made_by <> session_user THEN
    RAISE EXCEPTION 'only % who asked for request % can withdraw it: reject it instead', req.made_by, p_request
      USING ERRCODE = '42501';
  END IF;
  IF p_state = 'rejected' AND (req.made_by = session_user OR NOT pg_has_role(session_user, 'paydesk_approver', 'MEMBER')) THEN
    RAISE EXCEPTION 'a request is rejected by an approver other than the person who asked: withdraw your own instead'
      USING ERRCODE = '42501';
  END IF;
  UPDATE approval_requests SET state = p_state, closed_by = session_user, closed_at = now(), close_note = p_note
    WHERE id = p_request RETURNING * INTO req;
  PERFORM append_journal(jsonb_build_object('type', 'request_' || p_state, 'request', p_request,
    'maker', req.made_by, 'note', p_note));
  RETURN NEXT req;
END
$$;

-- Single use: the first claim of an approved, unexpired request begins its operation under the
-- stored key and body; any later claim finds it claimed. The maker never sends their own req.
-- A claim after expiry closes the request as expired (kept, journaled) and begins nothing.
CREATE FUNCTION paydesk.claim_request(p_request bigint, p_body_hash text)
RETURNS SETOF paydesk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  req approval_requests;
  begun operations;
BEGIN
  req := pending_request(p_request);
  IF req.state <> 'approved' THEN
    RAISE EXCEPTION 'request % is % and cannot be sent', p_request, req.state USING ERRCODE = 'PD005';
  END IF;
  IF req.made_by = session_user THEN
    RAISE EXCEPTION 'you asked for request % yourself: an approver or the executor sends it', p_request
      USING ERRCODE = 'PD007';
  END IF;
  IF req.body_hash <> coalesce(p_body_hash, '') THEN
    RAISE EXCEPTION 'request % is not the request you were shown (its body changed): read it again', p_request
      USING ERRCODE = 'PD002', DETAIL = p_request::text;
  END IF;
  IF EXISTS (SELECT 1 FROM environments WHERE name = req.environment AND signer = 'executor')
     AND NOT pg_has_role(session_user, 'paydesk_executor', 'MEMBER') THEN
    RAISE EXCEPTION 'request % is in %, which only the team''s executor signs: it sends the request once approved',
      p_request, req.environment USING ERRCODE = 'PD007';
  END IF;
  IF req.expires_at <= now() THEN
    UPDATE approval_requests SET state = 'expired', closed_by = session_user, closed_at = now()
      WHERE id = p_request RETURNING * INTO req;
    PERFORM append_journal(jsonb_build_object('type', 'request_expired', 'request', p_request,
      'maker', req.made_by, 'expired_at', req.expires_at));
    RETURN NEXT req;
    RETURN;
  END IF;
  SELECT * INTO begun FROM start_operation(req.account, req.action, req.target_kind, req.target_id,
    req.idempotency_key, req.amount, req.currency, req.body_hash);
  UPDATE approval_requests SET state = 'claimed', operation = begun.id, closed_by = session_user, closed_at = now()
    WHERE id = p_request RETURNING * INTO req;
  PERFORM append_journal(jsonb_build_object('type', 'request_claimed', 'request', p_request,
    'maker', req.made_by, 'operation', begun.id,
    'approvers', (SELECT jsonb_agg(approver ORDER BY at) FROM approvals WHERE approvals.request = p_request)));
  RETURN NEXT req;
END
$$;

-- A manual "failed" reopens the target for another move, so in an environment whose policy
-- governs the action it takes two people: the first proposes, a second person confirms.
CREATE TABLE paydesk.failure_proposals (
  operation bigint PRIMARY KEY REFERENCES paydesk.operations (id),
  proposed_by text NOT NULL DEFAULT session_user,
  note text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
ALTER FUNCTION paydesk.settle_operation(bigint, text, text, text) RENAME TO settle_operation_now;
REVOKE ALL ON FUNCTION paydesk.settle_operation_now(bigint, text, text, text)
  FROM PUBLIC, paydesk_operator, paydesk_admin;
CREATE FUNCTION paydesk.settle_operation(p_operation bigint, p_result text, p_method text, p_note text)
RETURNS SETOF paydesk.operations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  op operations;
  proposal failure_proposals;
BEGIN
  SELECT * INTO op FROM operations WHERE id = p_operation FOR UPDATE;
  IF op.id IS NOT NULL AND p_result = 'error' AND p_method = 'manual' AND op.state IN ('sending', 'outcome_unknown')
     AND EXISTS (SELECT 1 FROM approval_needed(op.account, op.action, op.amount, op.currency)) THEN
    SELECT * INTO proposal FROM failure_proposals WHERE operation = p_operation;
    IF proposal.operation IS NULL THEN
      IF coalesce(btrim(p_note), '') = '' THEN
        RAISE EXCEPTION 'a manual settlement says how it was checked' USING ERRCODE = 'PD003';
      END IF;
      INSERT INTO failure_proposals (operation, note) VALUES (p_operation, p_note);
      PERFORM append_journal(jsonb_build_object('type', 'failure_proposed', 'operation', p_operation,
        'note', p_note));
      RETURN NEXT op;
      RETURN;
    END IF;
    IF proposal.proposed_by = session_user THEN
      RAISE EXCEPTION 'you proposed settling operation % as failed: another person must confirm it', p_operation
        USING ERRCODE = 'PD007';
    END IF;
  END IF;
  RETURN QUERY SELECT * FROM settle_operation_now(p_operation, p_result, p_method, p_note);
END
$$;

-- The queue as people read it: each request with its approvals and whether its approval has lapsed.
-- The body is for those who act on requests; viewers see everything else.
CREATE VIEW paydesk.approval_requests_view AS
  SELECT r.id, r.environment, r.account, r.action, r.target_kind, r.target_id, r.idempotency_key,
         r.amount, r.currency, r.body, r.body_hash, r.reason, r.approvers_needed, r.valid_for,
         CASE WHEN r.state = 'approved' AND r.expires_at <= now() THEN 'expired' ELSE r.state END AS state,
         r.made_by, r.created_at, r.approved_at, r.expires_at, r.closed_by, r.closed_at, r.close_note, r.operation,
         coalesce((SELECT array_agg(a.approver ORDER BY a.at) FROM paydesk.approvals a WHERE a.request = r.id), '{}') AS approved_by
    FROM paydesk.approval_requests r;
CREATE VIEW paydesk.approval_policies_view AS SELECT * FROM paydesk.effective_policies();
CREATE VIEW paydesk.failure_proposals_view AS SELECT * FROM paydesk.failure_proposals;

REVOKE ALL ON FUNCTION paydesk.set_signer(text, text), paydesk.executor_heartbeat(text, bigint) FROM PUBLIC;
REVOKE ALL ON paydesk.executor_heartbeats, paydesk.executor_heartbeats_view FROM PUBLIC;
REVOKE ALL ON paydesk.approval_policies, paydesk.approval_requests, paydesk.approvals, paydesk.failure_proposals,
  paydesk.approval_requests_view, paydesk.approval_policies_view, paydesk.failure_proposals_view FROM PUBLIC;
REVOKE ALL ON FUNCTION paydesk.effective_policies(), paydesk.approval_needed(text, text, numeric, text),
  paydesk.set_policy(text, text, text, jsonb, integer, interval),
  paydesk.put_environment(text, text, text, text, text), paydesk.begin_operation(text, text, text, text, uuid, numeric, text, text),
  paydesk.submit_request(text, text, text, text, uuid, numeric, text, jsonb, text, text),
  paydesk.pending_request(bigint), paydesk.approve_request(bigint, text, text), paydesk.close_request(bigint, text, text),
  paydesk.claim_request(bigint, text), paydesk.settle_operation(bigint, text, text, text) FROM PUBLIC;
GRANT SELECT ON paydesk.approval_policies_view, paydesk.failure_proposals_view, paydesk.executor_heartbeats_view
  TO paydesk_viewer;
GRANT EXECUTE ON FUNCTION paydesk.executor_heartbeat(text, bigint) TO paydesk_executor;
GRANT EXECUTE ON FUNCTION paydesk.set_signer(text, text) TO paydesk_admin;
GRANT SELECT (id, environment, account, action, target_kind, target_id, idempotency_key, amount, currency,
  body_hash, reason, approvers_needed, valid_for, state, made_by, created_at, approved_at, expires_at, closed_by,
  closed_at, close_note, operation, approved_by) ON paydesk.approval_requests_view TO paydesk_viewer;
GRANT SELECT ON paydesk.approval_requests_view TO paydesk_operator, paydesk_approver, paydesk_executor, paydesk_admin;
GRANT EXECUTE ON FUNCTION paydesk.approval_needed(text, text, numeric, text), paydesk.effective_policies()
  TO paydesk_viewer;
-- Who sends a claimed request resends it under its key after a lost answer (the policy still holds).
GRANT EXECUTE ON FUNCTION paydesk.begin_operation(text, text, text, text, uuid, numeric, text, text)
  TO paydesk_approver, paydesk_executor;
GRANT EXECUTE ON FUNCTION paydesk.begin_operation(text, text, text, text, uuid, numeric, text, text),
  paydesk.settle_operation(bigint, text, text, text),
  paydesk.submit_request(text, text, text, text, uuid, numeric, text, jsonb, text, text),
  paydesk.close_request(bigint, text, text) TO paydesk_operator, paydesk_admin;
-- An approver's desk sends what it approved (desk-signed), so it records the outcome too.
GRANT EXECUTE ON FUNCTION paydesk.approve_request(bigint, text, text), paydesk.close_request(bigint, text, text),
  paydesk.claim_request(bigint, text), paydesk.record_outcome(bigint, text, integer, integer),
  paydesk.settle_operation(bigint, text, text, text) TO paydesk_approver;
GRANT EXECUTE ON FUNCTION paydesk.claim_request(bigint, text), paydesk.record_outcome(bigint, text, integer, integer),
  paydesk.settle_operation(bigint, text, text, text) TO paydesk_executor;
GRANT EXECUTE ON FUNCTION paydesk.put_environment(text, text, text, text, text),
  paydesk.set_policy(text, text, text, jsonb, integer, interval) TO paydesk_admin;
`,
} as const;
