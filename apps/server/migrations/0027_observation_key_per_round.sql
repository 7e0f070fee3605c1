-- An observation's idempotency key (the phone's clientKey) is one observation of one round, hence of its officer
-- (decision 0038): unique per (property, key, check-in) instead of per property. Leading with the key, the index also
-- finds a key another officer or another round already holds, answered 409 instead of that observation.
DROP INDEX "patrol_observations_client_key_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_observations_round_key_idx" ON "patrol_observations" USING btree ("property_id","client_key","check_in_id");
