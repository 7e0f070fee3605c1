-- The word index of filter[term] (decision 0018). "word" compares bytewise (collation C), so a range is a prefix.
CREATE TABLE "search_words" (
	"property_id" bigint NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" bigint NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	CONSTRAINT "search_words_property_id_entity_word_entity_id_pk" PRIMARY KEY("property_id","entity","word","entity_id")
);
--> statement-breakpoint
ALTER TABLE "search_words" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "search_words_isolation" ON "search_words" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
-- The residents' words, from the search text they already keep (all properties: the owner runs in central scope).
SELECT set_config('app.scope', 'central', true);--> statement-breakpoint
INSERT INTO "search_words" ("property_id", "entity", "entity_id", "word")
SELECT DISTINCT r.property_id, 'residents', r.id, substr(tok, i)
FROM "residents" r
  CROSS JOIN LATERAL regexp_split_to_table(lower(r.search), '[^[:alnum:]]+') tok
  CROSS JOIN LATERAL generate_series(1, least(length(tok), 64)) i
WHERE tok <> ''
ON CONFLICT DO NOTHING;
