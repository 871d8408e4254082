-- Name search candidates from an index whose reads grow with the matches (issue 14 item 4).
--
-- Spec §5 gives a score above 0 to a name that contains the one-letter query, or any two-letter fragment of
-- a longer one. So the candidates of every query are the names holding one of its 1- or 2-character grams,
-- and an index of those grams finds all of them. (A trigram index, FTS5's trigram tokenizer, cannot: it
-- answers names containing the whole query and misses "Sarah" for "arahs", which §5 scores 200.)
--
-- docs/decisions/0011-search-gram-index.md records why this departs from the issue's FTS5 plan.
--
-- The score depends on the name only and names repeat, so the index is over distinct names:
--  - search_names: one row per first name (ASCII case folded, as listings_search groups them), with how many
--    listings and how many live listings carry it;
--  - search_grams: (gram, name) for each distinct 1- and 2-character substring of lower(name);
--  - search_totals: one row, how many listings and live listings there are.
-- Triggers on listings keep the counts; triggers on search_names keep the grams. app/features/search/search.ts still
-- decides every score: the index only has to give a superset of the names it accepts.
--
-- lower() folds ASCII only, while the scoring folds all of Unicode. A name with any character outside
-- printable ASCII ("Zoë", "Mārama") is therefore marked plain = 0 and is a candidate of every query, through
-- the partial index below: those reads grow with the number of such distinct names, not with the listings.

CREATE TABLE search_names (
  id INTEGER PRIMARY KEY NOT NULL,
  name TEXT NOT NULL COLLATE NOCASE,
  listing_count INTEGER NOT NULL DEFAULT 0,
  live_count INTEGER NOT NULL DEFAULT 0,
  plain INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX search_names_name ON search_names (name);
CREATE INDEX search_names_unusual ON search_names (id) WHERE plain = 0;

-- How many listings, and live ones, there are: search compares reading a tier's index entries with walking
-- the grid, and needs this without counting.
CREATE TABLE search_totals (
  id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  listing_count INTEGER NOT NULL DEFAULT 0,
  live_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE search_grams (
  gram TEXT NOT NULL,
  name_id INTEGER NOT NULL,
  PRIMARY KEY (gram, name_id)
) WITHOUT ROWID;

-- The grams of a name: json_each over "[0,0,...]" (one element per character) numbers the positions,
-- as triggers cannot use a recursive WITH.
CREATE TRIGGER search_names_grams_insert AFTER INSERT ON search_names
BEGIN
  INSERT OR IGNORE INTO search_grams (gram, name_id)
  SELECT substr(lower(NEW.name), p.key + 1, w.value), NEW.id
  FROM json_each('[' || substr(replace(hex(zeroblob(length(NEW.name))), '00', ',0'), 2) || ']') AS p,
       json_each('[1,2]') AS w
  WHERE p.key + w.value <= length(NEW.name);
END;

CREATE TRIGGER search_names_grams_delete AFTER DELETE ON search_names
BEGIN
  DELETE FROM search_grams
  WHERE name_id = OLD.id
    AND gram IN (
      SELECT substr(lower(OLD.name), p.key + 1, w.value)
      FROM json_each('[' || substr(replace(hex(zeroblob(length(OLD.name))), '00', ',0'), 2) || ']') AS p,
           json_each('[1,2]') AS w
      WHERE p.key + w.value <= length(OLD.name)
    );
END;

CREATE TRIGGER search_names_listing_insert AFTER INSERT ON listings
BEGIN
  INSERT INTO search_names (name, listing_count, live_count, plain)
  VALUES (NEW.first_name, 1, NEW.live <> 0, NEW.first_name NOT GLOB '*[^ -~]*')
  ON CONFLICT (name) DO UPDATE SET listing_count = listing_count + 1, live_count = live_count + excluded.live_count;
  UPDATE search_totals SET listing_count = listing_count + 1, live_count = live_count + (NEW.live <> 0) WHERE id = 1;
END;

CREATE TRIGGER search_names_listing_delete AFTER DELETE ON listings
BEGIN
  UPDATE search_names SET listing_count = listing_count - 1, live_count = live_count - (OLD.live <> 0)
  WHERE name = OLD.first_name;
  DELETE FROM search_names WHERE name = OLD.first_name AND listing_count <= 0;
  UPDATE search_totals SET listing_count = listing_count - 1, live_count = live_count - (OLD.live <> 0) WHERE id = 1;
END;

-- A rename or a hide/show moves one listing from the old (name, live) to the new one. Renaming "Anna" to
-- "ANNA" stays on the same row (NOCASE).
CREATE TRIGGER search_names_listing_update AFTER UPDATE OF first_name, live ON listings
WHEN OLD.first_name IS NOT NEW.first_name OR (OLD.live <> 0) IS NOT (NEW.live <> 0)
BEGIN
  UPDATE search_names SET listing_count = listing_count - 1, live_count = live_count - (OLD.live <> 0)
  WHERE name = OLD.first_name;
  INSERT INTO search_names (name, listing_count, live_count, plain)
  VALUES (NEW.first_name, 1, NEW.live <> 0, NEW.first_name NOT GLOB '*[^ -~]*')
  ON CONFLICT (name) DO UPDATE SET listing_count = listing_count + 1, live_count = live_count + excluded.live_count;
  DELETE FROM search_names WHERE name = OLD.first_name AND listing_count <= 0;
  UPDATE search_totals SET live_count = live_count - (OLD.live <> 0) + (NEW.live <> 0) WHERE id = 1;
END;

-- Backfill: the listings already there. (Name groups by NOCASE, keeping one spelling; every spelling in a
-- group has the same grams and the same score.)
INSERT INTO search_names (name, listing_count, live_count, plain)
SELECT first_name, COUNT(*), SUM(live <> 0), first_name NOT GLOB '*[^ -~]*'
FROM listings
GROUP BY first_name COLLATE NOCASE;

INSERT INTO search_totals (id, listing_count, live_count) SELECT 1, COUNT(*), COALESCE(SUM(live <> 0), 0) FROM listings;
