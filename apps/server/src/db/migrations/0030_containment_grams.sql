-- The distinct character bigrams of a normalised text (lib/signature.ts containmentGrams computes the same in
-- JavaScript for a query). Immutable, so a GIN index on it serves containment lookups (床前明月光 inside 静夜思).
CREATE FUNCTION "shiju_bigrams"(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, char_length(t) - 1) AS i
$$;--> statement-breakpoint
CREATE INDEX "text_signatures_grams_idx" ON "text_signatures" USING gin (shiju_bigrams("normalized"));
