-- Name search (app/features/search/search.server.ts) reads only this index, never the listing rows:
--  - `live` first, so a visitor's search scans only the live part;
--  - first_name with NOCASE, so an exact-name lookup ("first_name = ? COLLATE NOCASE") is an index seek
--    and a search with an exact match reads a handful of entries instead of every listing;
--  - featured, listed_at and id so ties between equal scores can be put in grid order (featured first)
--    without touching the table: a covering index.
CREATE INDEX listings_search ON listings (live, first_name COLLATE NOCASE, featured, listed_at, id);
