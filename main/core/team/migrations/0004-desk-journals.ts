/**
 * Migration 4: a desk's own journal kept in the team's database (docs/architecture.md, "Team mode:
 * the desk's journal"). The lines are the ones the file journal writes (canonical JSON, hash-chained,
 * payer data masked: audit/summary.ts); each stream is one person's, written through
 * `append_desk_journal` only, at the end its writer read, and never changed afterwards. The sealed
 * requests a retry needs stay on the desk, as drafts do: only the lines come here.
 */
export const deskJournals = {
  version: 4,
  name: 'desk-journals',
  sql: String.raw`
CREATE TABLE paydesk.desk_journals (
  stream uuid PRIMARY KEY,
  person text NOT NULL,
  -- Bytes of whole lines so far: where the next line starts. Locked by each append.
  size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  opened_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE paydesk.desk_journal_lines (
  stream uuid NOT NULL REFERENCES paydesk.desk_journals,
  position bigint NOT NULL CHECK (position >= 0),
  -- One whole line, its newline included, as the file journal would have written it.
  line bytea NOT NULL CHECK (octet_length(line) BETWEEN 2 AND 1048576
                             AND get_byte(line, octet_length(line) - 1) = 10),
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream, position)
);
CREATE TRIGGER desk_journals_append_only BEFORE DELETE OR TRUNCATE ON paydesk.desk_journals
  FOR EACH STATEMENT EXECUTE FUNCTION paydesk.refuse_journal_rewrite();
CREATE TRIGGER desk_journal_lines_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON paydesk.desk_journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION paydesk.refuse_journal_rewrite();

-- The stream, locked or not, if it is the calling person's; another person's is refused as absent,
-- so a stream's existence is not told to whoever guesses its id.
CREATE FUNCTION paydesk.own_desk_journal(p_stream uuid, p_lock boolean) RETURNS paydesk.desk_journals
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  found desk_journals;
BEGIN
  IF p_lock THEN
    SELECT * INTO found FROM desk_journals WHERE stream = p_stream FOR UPDATE;
  ELSE
    SELECT * INTO found FROM desk_journals WHERE stream = p_stream;
  END IF;
  IF found.stream IS NULL OR found.person <> session_user THEN
    RAISE EXCEPTION 'no desk journal % of %', p_stream, session_user USING ERRCODE = 'PD004';
  END IF;
  RETURN found;
END
$$;
-- Opens the person's stream, making it on first use; answers its size.
CREATE FUNCTION paydesk.open_desk_journal(p_stream uuid) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
BEGIN
  INSERT INTO desk_journals (stream, person) VALUES (p_stream, session_user) ON CONFLICT (stream) DO NOTHING;
  RETURN (own_desk_journal(p_stream, false)).size;
END
$$;
CREATE FUNCTION paydesk.desk_journal_size(p_stream uuid) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
  SELECT (own_desk_journal(p_stream, false)).size
$$;
-- The lines that hold any byte at or after p_from, in order.
CREATE FUNCTION paydesk.desk_journal_lines(p_stream uuid, p_from bigint)
RETURNS TABLE (line_position bigint, line bytea)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
BEGIN
  PERFORM own_desk_journal(p_stream, false);
  RETURN QUERY SELECT l.position, l.line FROM desk_journal_lines l
   WHERE l.stream = p_stream AND l.position + octet_length(l.line) > p_from
   ORDER BY l.position;
END
$$;
-- Appends whole lines at p_at, which must be the stream's end: a writer that read an older end
-- (another process wrote meanwhile) is refused, so no decision is taken on lines it did not see.
CREATE FUNCTION paydesk.append_desk_journal(p_stream uuid, p_at bigint, p_lines bytea[]) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, paydesk AS $$
DECLARE
  kept desk_journals;
  next_position bigint;
  one bytea;
BEGIN
  kept := own_desk_journal(p_stream, true);
  IF kept.size <> p_at THEN
    RAISE EXCEPTION 'the desk journal % ends at %, not at %: read it again', p_stream, kept.size, p_at
      USING ERRCODE = 'PD005';
  END IF;
  next_position := p_at;
  FOREACH one IN ARRAY p_lines LOOP
    IF position('\x0a'::bytea IN one) <> octet_length(one) THEN
      RAISE EXCEPTION 'a desk journal line is one line, ending with its newline' USING ERRCODE = 'PD003';
    END IF;
    INSERT INTO desk_journal_lines (stream, position, line) VALUES (p_stream, next_position, one);
    next_position := next_position + octet_length(one);
  END LOOP;
  UPDATE desk_journals SET size = next_position WHERE stream = p_stream;
  RETURN next_position;
END
$$;
REVOKE ALL ON paydesk.desk_journals, paydesk.desk_journal_lines FROM PUBLIC;
REVOKE ALL ON FUNCTION paydesk.own_desk_journal(uuid, boolean), paydesk.open_desk_journal(uuid),
  paydesk.desk_journal_size(uuid), paydesk.desk_journal_lines(uuid, bigint),
  paydesk.append_desk_journal(uuid, bigint, bytea[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION paydesk.open_desk_journal(uuid), paydesk.desk_journal_size(uuid),
  paydesk.desk_journal_lines(uuid, bigint), paydesk.append_desk_journal(uuid, bigint, bytea[])
  TO paydesk_viewer;
`,
} as const;
