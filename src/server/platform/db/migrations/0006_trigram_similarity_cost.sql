-- pg_trgm declares word similarity (the `<%` operator) as cheap as an integer comparison, so on a
-- small catalogue PostgreSQL computed it row after row (5 ms for 1,000 laptops) instead of asking
-- the trigram index (0.4 ms). Its real cost is about that of a hundred simple operators.
-- (docs/search.md#indexes; pg_dump does not keep this for an extension's function: run it again after a restore.)
ALTER FUNCTION word_similarity_op(text, text) COST 100;
