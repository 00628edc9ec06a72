-- The planner counts pg_trgm's word-similarity operators as cheap as `=`, so it filters the whole catalogue with them
-- (32 ms at 10,000 tools for a search that matches nothing) instead of using the trigram index (2 ms). Telling it
-- what they cost makes it pick the index. Where the database user does not own the extension's functions (some
-- managed services), nothing changes but speed.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left as they are: %', SQLERRM;
END;
$$;
