/**
 * Migration 3: desks of an executor-signed environment read records through the team's executor
 * (docs/architecture.md, "Team mode: approvals"), so they need no service credentials at all. A desk
 * asks (`ask_read`), the executor of the account reads the record with its own credentials and
 * answers (`answer_read`), and only the person who asked takes the answer, once: the row goes when
 * taken, so a record's payer data does not stay in the database; nothing lives longer than a minute.
 */
export const executorReads = {
  version: 3,
  name: 'executor-reads',
  sql: String.raw`
CREATE TABLE paydesk.read_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The account (D19) of the executor that is to answer, as in operations.
  account text NOT NULL CHECK (account <> ''),
  kind text NOT NULL CHECK (kind IN ('deposit', 'refund', 'sub-merchant', 'cashout')),
  -- The record's id; a cashout may be named by its external id instead, or by both (D7).
  record_id bigint CHECK (record_id > 0),
  external_id text CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 64),
  asked_by text NOT NULL,
  asked_at timestamptz NOT NULL DEFAULT now(),
  -- The executor that took it to answer, and when: another takes it only once that is stale.
  claimed_by text,
  claimed_at timestamptz,
  answered_by text,
  answered_at timestamptz,
  -- The service's answer as it came (JSON), or why the executor's read failed.
  answer jsonb CHECK (answer IS NULL OR (jsonb_typeof(answer) = 'object' AND length(answer::text) <= 65536)),
  error_kind text CHECK (error_kind IS NULL OR error_kind ~ '^[a-z_]{1,40}$'),
  error_message text CHECK (error_message IS NULL OR length(error_message) <= 1000),
  CHECK (record_id IS NOT NULL OR (kind = 'cashout' AND external_id IS NOT NULL)),
  CHECK (external_id IS NULL OR kind = 'cashout'),
  CHECK ((claimed_at IS NULL) = (claimed_by IS NULL)),
  CHECK ((answered_at IS NULL) = (answered_by IS NULL)),
  CHECK ((error_kind IS NULL) = (error_message IS NULL)),
  CHECK (answered_at IS NULL OR ((answer IS NULL) <> (error_kind IS NULL)))
);
CREATE INDEX read_requests_waiting ON paydesk.read_requests (account, id) WHERE answered_at IS NULL;

-- The account (D19) of the service at p_origin as the team's executor names it: the one last heard
-- from for that origin, in an environment the executor alone signs; none otherwise. A desk with no
-- credentials of its own reads and moves money under it (console/connections.ts), so its requests
-- are the executor's to send and its refunds count with the executor's.
CREATE FUNCTION paydesk.executor_account(p_origin text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT h.account FROM executor_heartbeats h
   WHERE split_part(h.account, '#', 1) = p_origin
     AND EXISTS (SELECT 1 FROM environments e WHERE e.origin = p_origin AND e.signer = 'executor')
   ORDER BY h.at DESC LIMIT 1
$$;
-- A desk asks for a record of the service its profile names (the origin of payments/base-url.ts):
-- answered by the executor last heard from for that origin, in an environment it alone signs. Its
-- PD004 is the desk's word that the team does not sign that service by the executor, so the desk
-- asks no signer first (console/executor-reads.ts signedRead).
CREATE FUNCTION paydesk.ask_read(p_origin text, p_kind text, p_record_id bigint, p_external_id text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  chosen text;
  asked bigint;
BEGIN
  DELETE FROM read_requests WHERE asked_at < now() - interval '1 minute';
  IF NOT EXISTS (SELECT 1 FROM environments WHERE origin = p_origin AND signer = 'executor') THEN
    RAISE EXCEPTION 'no environment of the team that names % is signed by the executor', p_origin
      USING ERRCODE = 'PD004';
  END IF;
  chosen := executor_account(p_origin);
  IF chosen IS NULL THEN
    RAISE EXCEPTION 'no executor of the team has been heard from for %', p_origin USING ERRCODE = 'PD008';
  END IF;
  INSERT INTO read_requests (account, kind, record_id, external_id, asked_by)
    VALUES (chosen, p_kind, p_record_id, p_external_id, session_user) RETURNING id INTO asked;
  PERFORM pg_notify('paydesk_reads', json_build_object('read', asked)::text);
  RETURN asked;
END
$$;

-- An executor takes the next reads of an account it is the executor of (its heartbeat says so) to
-- answer them, in one statement: SKIP LOCKED lets two executors take different ones, and a read
-- taken is left to its taker for 5 seconds (half the desk's wait), then another may take it.
CREATE FUNCTION paydesk.claim_reads(p_account text, p_limit integer)
RETURNS TABLE (id bigint, kind text, record_id bigint, external_id text)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  UPDATE read_requests r SET claimed_by = session_user, claimed_at = now()
   WHERE r.id IN (
     SELECT q.id FROM read_requests q
      WHERE q.account = p_account AND q.answered_at IS NULL AND q.asked_at >= now() - interval '1 minute'
        AND (q.claimed_at IS NULL OR q.claimed_at < now() - interval '5 seconds')
        AND EXISTS (SELECT 1 FROM executor_heartbeats h WHERE h.person = session_user AND h.account = p_account)
      ORDER BY q.id LIMIT least(greatest(p_limit, 1), 100)
      FOR UPDATE SKIP LOCKED)
  RETURNING r.id, r.kind, r.record_id, r.external_id
$$;

CREATE FUNCTION paydesk.answer_read(p_request bigint, p_answer jsonb, p_error_kind text, p_error_message text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
BEGIN
  UPDATE read_requests r SET answer = p_answer, error_kind = p_error_kind, error_message = p_error_message,
      answered_by = session_user, answered_at = now()
   WHERE r.id = p_request AND r.answered_at IS NULL
     AND EXISTS (SELECT 1 FROM executor_heartbeats h WHERE h.person = session_user AND h.account = r.account);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'read request % is gone, answered, or not of an account you execute for', p_request
      USING ERRCODE = 'PD005';
  END IF;
END
$$;

-- The asker alone takes the answer, once: the row is deleted as it is taken. Waits up to p_wait_ms
-- (at most a second, so a desk's one session is not held long) and answers no row when none came.
CREATE FUNCTION paydesk.take_read_answer(p_request bigint, p_wait_ms integer)
RETURNS TABLE (answer jsonb, error_kind text, error_message text, answered_by text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  req read_requests;
  started timestamptz := clock_timestamp();
  deadline timestamptz := clock_timestamp() + make_interval(secs => least(greatest(p_wait_ms, 0), 1000) / 1000.0);
BEGIN
  LOOP
    SELECT * INTO req FROM read_requests r WHERE r.id = p_request;
    IF req.id IS NULL THEN
      RAISE EXCEPTION 'read request % is gone (taken, or older than a minute)', p_request USING ERRCODE = 'PD004';
    END IF;
    IF req.asked_by <> session_user THEN
      RAISE EXCEPTION 'read request % was asked by someone else: only they take its answer', p_request
        USING ERRCODE = '42501';
    END IF;
    IF req.answered_at IS NOT NULL THEN
      DELETE FROM read_requests r WHERE r.id = p_request;
      RETURN QUERY SELECT req.answer, req.error_kind, req.error_message, req.answered_by;
      RETURN;
    END IF;
    EXIT WHEN clock_timestamp() >= deadline;
    -- An answer usually comes within a few milliseconds: look every 0.5 ms for the first 50, then
    -- every 2 ms, so a desk neither waits long for it nor keeps its backend busy while none comes.
    PERFORM pg_sleep(CASE WHEN clock_timestamp() < started + interval '50 milliseconds' THEN 0.0005 ELSE 0.002 END);
  END LOOP;
END
$$;

REVOKE ALL ON paydesk.read_requests FROM PUBLIC;
REVOKE ALL ON FUNCTION paydesk.executor_account(text), paydesk.ask_read(text, text, bigint, text), paydesk.claim_reads(text, integer),
  paydesk.answer_read(bigint, jsonb, text, text), paydesk.take_read_answer(bigint, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.executor_account(text), paydesk.ask_read(text, text, bigint, text),
  paydesk.take_read_answer(bigint, integer) TO paydesk_viewer;
GRANT EXECUTE ON FUNCTION paydesk.claim_reads(text, integer), paydesk.answer_read(bigint, jsonb, text, text)
  TO paydesk_executor;

-- The executor's heartbeat also names the cashout account it holds the login of (D19: cashouts are
-- the cashout login's), so a desk with no credentials cancels cashouts under it too.
ALTER TABLE paydesk.executor_heartbeats
  ADD COLUMN cashouts_account text CHECK (cashouts_account IS NULL OR cashouts_account <> '');
DROP FUNCTION paydesk.executor_heartbeat(text, bigint);
CREATE FUNCTION paydesk.executor_heartbeat(p_account text, p_sent bigint, p_cashouts_account text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  INSERT INTO executor_heartbeats (person, account, at, sent, cashouts_account)
    VALUES (session_user, p_account, now(), p_sent, p_cashouts_account)
    ON CONFLICT (person, account) DO UPDATE
      SET at = now(), sent = executor_heartbeats.sent + EXCLUDED.sent, cashouts_account = EXCLUDED.cashouts_account
$$;
REVOKE ALL ON FUNCTION paydesk.executor_heartbeat(text, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.executor_heartbeat(text, bigint, text) TO paydesk_executor;
-- The cashout account of the executor executor_account names (the one last heard from).
CREATE FUNCTION paydesk.executor_cashouts_account(p_origin text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT h.cashouts_account FROM executor_heartbeats h
   WHERE h.account = executor_account(p_origin)
   ORDER BY h.at DESC LIMIT 1
$$;
REVOKE ALL ON FUNCTION paydesk.executor_cashouts_account(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.executor_cashouts_account(text) TO paydesk_viewer;

-- In an environment the executor alone signs, every move is the executor's to send, also one no
-- policy asks an approval for: anyone else's begin is refused (PD006, as for a governed move) and
-- the desk submits it; with no approval asked it is approved at once (no approvers) and waits only
-- for the executor (docs/architecture.md, "Team mode: approvals").
CREATE FUNCTION paydesk.executor_only(p_account text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT e.name FROM environments e
   WHERE e.origin = split_part(p_account, '#', 1) AND e.signer = 'executor'
     AND NOT pg_has_role(session_user, 'paydesk_executor', 'MEMBER')
   ORDER BY e.name LIMIT 1
$$;
CREATE OR REPLACE FUNCTION paydesk.begin_operation(
  p_account text, p_action text, p_target_kind text, p_target_id text,
  p_idempotency_key uuid, p_amount numeric, p_currency text, p_body_hash text
) RETURNS SETOF paydesk.operations
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  needed record;
  only_executor text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM operations WHERE account = p_account AND action = p_action
                   AND idempotency_key = p_idempotency_key) THEN
    SELECT * INTO needed FROM approval_needed(p_account, p_action, p_amount, p_currency);
    IF needed.environment IS NOT NULL THEN
      RAISE EXCEPTION 'the team''s policy for % asks % approver(s) for this %: submit it for approval',
        needed.environment, needed.approvers, replace(p_action, '_', ' ')
        USING ERRCODE = 'PD006', DETAIL = needed.environment;
    END IF;
    only_executor := executor_only(p_account);
    IF only_executor IS NOT NULL THEN
      RAISE EXCEPTION 'only the team''s executor signs in %: submit this % for it to send',
        only_executor, replace(p_action, '_', ' ') USING ERRCODE = 'PD006', DETAIL = only_executor;
    END IF;
  END IF;
  RETURN QUERY SELECT * FROM start_operation(p_account, p_action, p_target_kind, p_target_id,
    p_idempotency_key, p_amount, p_currency, p_body_hash);
END
$$;
ALTER TABLE paydesk.approval_requests DROP CONSTRAINT approval_requests_approvers_needed_check;
ALTER TABLE paydesk.approval_requests
  ADD CONSTRAINT approval_requests_approvers_needed_check CHECK (approvers_needed BETWEEN 0 AND 5);
-- submit_request asks one approver where no policy names any; in an executor-only environment that
-- move asks none, so it is approved as it is submitted (by no one: the journal's claim lists none).
CREATE FUNCTION paydesk.executor_only_request() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, paydesk AS $$
DECLARE
  only_executor text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM approval_needed(NEW.account, NEW.action, NEW.amount, NEW.currency)) THEN
    only_executor := executor_only(NEW.account);
    IF only_executor IS NOT NULL THEN
      NEW.environment := only_executor;
      NEW.approvers_needed := 0;
      NEW.state := 'approved';
      NEW.approved_at := now();
      NEW.expires_at := now() + NEW.valid_for;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER approval_requests_executor_only BEFORE INSERT ON paydesk.approval_requests
  FOR EACH ROW EXECUTE FUNCTION paydesk.executor_only_request();
REVOKE ALL ON FUNCTION paydesk.executor_only(text), paydesk.executor_only_request() FROM PUBLIC;
`,
} as const;
