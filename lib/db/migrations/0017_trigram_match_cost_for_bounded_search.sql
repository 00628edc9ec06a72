-- A search's typo branch stops after its first 240 matches (lib/tools/search.ts). At COST 100 the planner reads
-- the table in order and checks every name on the way (about 1,900 names for a two-word query at 10,000 tools);
-- the trigram index hands it only names that share the query's trigrams, twice as fast. At COST 1000 it takes the
-- index. As in 0008, a database user who does not own the extension's functions keeps the old cost.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 1000;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 1000;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left as they are: %', SQLERRM;
END;
$$;
