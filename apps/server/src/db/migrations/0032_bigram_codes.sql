-- The bigram index keeps integers instead of text (lib/signature.ts bigramCode computes the same code for a query):
-- the low 16 bits of each character's code point, the first shifted by 16 and offset into int4's range. Integers
-- compare far faster than collated text, and the text is split into its characters once (substr(t, i, 2) walked it
-- from its start for every i; array_agg(DISTINCT) sorted the bigrams the index sorts again). On the starter library
-- the index costs an import about half of what it did.
CREATE FUNCTION "shiju_bigram_codes"(t text) RETURNS int4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT array(
    SELECT ((ascii(u.a) % 65536) - 32768) * 65536 + ascii(u.b) % 65536
    FROM (SELECT string_to_array(t, NULL) AS c) AS x, unnest(x.c[:cardinality(x.c) - 1], x.c[2:]) AS u(a, b)
  )
$$;--> statement-breakpoint
DROP INDEX "text_signatures_grams_idx";--> statement-breakpoint
CREATE INDEX "text_signatures_grams_idx" ON "text_signatures" USING gin (shiju_bigram_codes("normalized"));--> statement-breakpoint
DROP FUNCTION "shiju_bigrams"(text);
