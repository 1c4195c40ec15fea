-- Written by hand: the audit log says from where each action came (the client's address, kept
-- whole: telling whose sign-in or download it was is what the log is for; null for the command
-- line and jobs), and it is append-only: no row is ever changed, and none removed while it is
-- younger than two years (the addresses in it are personal data: a retention job may remove
-- older rows, nothing can remove recent history). TRUNCATE is refused.
ALTER TABLE "audit_log" ADD COLUMN "client_address" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.created_at < now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
