-- What admission reads of a request (the tenant, the session with its user, role, settings and open check-in) is
-- kept in each server's memory (decision 0034). Every change to a row it derives from is announced by the database
-- itself, whichever code path wrote it: a key per change, sent with NOTIFY on the channel parkade_admission to every
-- server listening, and gathered in the transaction's setting parkade.admission_changed, which the writing server
-- reads with its COMMIT and applies before it answers. Keys: s:<session id>, u:<area>:<user id>, or * (everything).
CREATE FUNCTION parkade_admission_announce(change text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('parkade.admission_changed', true), '');
BEGIN
  -- Announced already in this transaction (or everything was).
  IF pending = '*' OR position(' ' || change || ' ' IN ' ' || pending) > 0 THEN
    RETURN;
  END IF;
  -- A statement that changes thousands of users announces everything instead of a list that long.
  IF change = '*' OR length(pending) + length(change) > 4000 THEN
    change := '*';
    pending := '*';
  ELSE
    pending := pending || change || ' ';
  END IF;
  PERFORM pg_notify('parkade_admission', change);
  PERFORM set_config('parkade.admission_changed', pending, true);
END $$;
--> statement-breakpoint
CREATE FUNCTION parkade_admission_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM parkade_admission_announce('s:' || r.id);
  ELSIF TG_TABLE_NAME = 'central_users' THEN
    PERFORM parkade_admission_announce('u:central:' || r.id);
  ELSIF TG_TABLE_NAME = 'tenant_users' THEN
    PERFORM parkade_admission_announce('u:tenant:' || r.id);
  ELSIF TG_TABLE_NAME = 'patrol_check_ins' THEN
    PERFORM parkade_admission_announce('u:' || r.user_area || ':' || r.user_id);
  ELSE
    PERFORM parkade_admission_announce('*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION parkade_admission_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM parkade_admission_announce('*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session revoked, expired, its idle clock written or removed (a new session is read when first used).
CREATE TRIGGER admission_sessions AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION parkade_admission_row_changed();
--> statement-breakpoint
-- A user deactivated, given another role, enrolled in two factors, renamed or removed.
CREATE TRIGGER admission_central_users AFTER UPDATE OR DELETE ON central_users
  FOR EACH ROW EXECUTE FUNCTION parkade_admission_row_changed();
--> statement-breakpoint
CREATE TRIGGER admission_tenant_users AFTER UPDATE OR DELETE ON tenant_users
  FOR EACH ROW EXECUTE FUNCTION parkade_admission_row_changed();
--> statement-breakpoint
-- A patrol round begun or ended: the officer's reads of the property open or close with it.
CREATE TRIGGER admission_patrol_check_ins AFTER INSERT OR UPDATE OR DELETE ON patrol_check_ins
  FOR EACH ROW EXECUTE FUNCTION parkade_admission_row_changed();
--> statement-breakpoint
-- A property, a role's permissions or the platform's settings: everything read with them is read again.
CREATE TRIGGER admission_properties AFTER UPDATE OR DELETE OR TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
--> statement-breakpoint
CREATE TRIGGER admission_roles AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
--> statement-breakpoint
CREATE TRIGGER admission_system_settings AFTER UPDATE OR DELETE OR TRUNCATE ON system_settings
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
--> statement-breakpoint
CREATE TRIGGER admission_sessions_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
--> statement-breakpoint
CREATE TRIGGER admission_central_users_truncate AFTER TRUNCATE ON central_users
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
--> statement-breakpoint
CREATE TRIGGER admission_tenant_users_truncate AFTER TRUNCATE ON tenant_users
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
--> statement-breakpoint
CREATE TRIGGER admission_patrol_check_ins_truncate AFTER TRUNCATE ON patrol_check_ins
  FOR EACH STATEMENT EXECUTE FUNCTION parkade_admission_all_changed();
