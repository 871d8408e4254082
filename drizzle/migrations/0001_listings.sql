-- Users, listings and everything the public side reads.
-- Money is integer cents; times are UTC milliseconds; flags are 0/1.

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL DEFAULT '',
  -- "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": parameters live beside the hash so they can be raised.
  password_hash TEXT NOT NULL,
  account_type TEXT NOT NULL DEFAULT 'unpaid',
  agency INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX users_email ON users (email);

CREATE TABLE listings (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL DEFAULT '',
  age INTEGER,
  tag_line TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  suburb TEXT NOT NULL DEFAULT '',
  calls TEXT NOT NULL DEFAULT '',
  nationality TEXT NOT NULL DEFAULT '',
  height INTEGER,
  weight INTEGER,
  eye_colour TEXT NOT NULL DEFAULT '',
  bust TEXT NOT NULL DEFAULT '',
  dress_size INTEGER,
  hair_colour TEXT NOT NULL DEFAULT '',
  body_type TEXT NOT NULL DEFAULT '',
  services TEXT NOT NULL DEFAULT '',
  interests TEXT NOT NULL DEFAULT '',
  favorites TEXT NOT NULL DEFAULT '',
  availability TEXT NOT NULL DEFAULT '',
  instagram TEXT NOT NULL DEFAULT '',
  twitter TEXT NOT NULL DEFAULT '',
  only_fans TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  contact_phone TEXT NOT NULL DEFAULT '',
  -- Flat rates in cents, derived from listing_rates at save so cards need no join.
  rate30 INTEGER,
  rate60 INTEGER,
  rate120 INTEGER,
  orate30 INTEGER,
  orate60 INTEGER,
  orate120 INTEGER,
  featured INTEGER NOT NULL DEFAULT 0,
  hot INTEGER NOT NULL DEFAULT 0,
  verified INTEGER NOT NULL DEFAULT 0,
  live INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 0,
  active_until INTEGER,
  photo_verified INTEGER NOT NULL DEFAULT 0,
  -- The primary image (position 1, else the first), copied here at save so the grid reads one row per card.
  cover_key TEXT,
  cover_width INTEGER,
  cover_height INTEGER,
  image_count INTEGER NOT NULL DEFAULT 0,
  -- Grid order: featured first, then newest listed. Fixed at creation so paging is stable.
  listed_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX listings_grid ON listings (live, featured DESC, listed_at DESC, id DESC);
CREATE INDEX listings_region_grid ON listings (live, location, featured DESC, listed_at DESC, id DESC);
CREATE INDEX listings_suburb ON listings (live, suburb);
CREATE INDEX listings_user ON listings (user_id);

CREATE TABLE listing_images (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  r2_key TEXT NOT NULL,
  position INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX listing_images_key ON listing_images (r2_key);
CREATE INDEX listing_images_listing ON listing_images (listing_id, position);

CREATE TABLE listing_rates (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  call_type TEXT NOT NULL CHECK (call_type IN ('incall', 'outcall')),
  duration TEXT NOT NULL CHECK (duration IN ('30min', '1hr', '1.5hr', '2hr', '3hr', 'Overnight')),
  price INTEGER NOT NULL CHECK (price >= 0),
  description TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX listing_rates_one_per_duration ON listing_rates (listing_id, call_type, duration);

CREATE TABLE listing_special_rates (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  service_name TEXT NOT NULL,
  duration TEXT NOT NULL DEFAULT '',
  rate INTEGER NOT NULL CHECK (rate >= 0),
  description TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX listing_special_rates_listing ON listing_special_rates (listing_id, position);

-- One like per visitor per listing, enforced by the primary key.
CREATE TABLE likes (
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  visitor_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (listing_id, visitor_id)
) WITHOUT ROWID;

CREATE TABLE listing_stats (
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  month TEXT NOT NULL, -- 'YYYY-MM' in UTC
  views INTEGER NOT NULL DEFAULT 0,
  contacts INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, month)
) WITHOUT ROWID;

-- Filter ranges (mirrors app/features/catalogue/filters.ts; a workers test checks they agree).
CREATE TABLE facet_ranges (
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  min INTEGER NOT NULL,
  max INTEGER NOT NULL,
  PRIMARY KEY (facet, value)
) WITHOUT ROWID;
INSERT INTO facet_ranges (facet, value, min, max) VALUES
  ('age', '18-24', 18, 24),
  ('age', '24-28', 24, 28),
  ('age', '28-35', 28, 35),
  ('age', '35+', 35, 100),
  ('height', 'under-150', 0, 149),
  ('height', '150-165', 150, 165),
  ('height', '165-175', 165, 175),
  ('height', '175+', 175, 999);

-- Live listing counts per region and facet value, kept by the triggers below so the region bar
-- and the filter options read a few dozen rows however many listings there are.
-- facet 'all' with value '' is the region's live count.
CREATE TABLE listing_facets (
  location TEXT NOT NULL,
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (location, facet, value)
) WITHOUT ROWID;

CREATE TRIGGER listing_facets_insert AFTER INSERT ON listings WHEN NEW.live = 1
BEGIN
  INSERT INTO listing_facets (location, facet, value, n)
  SELECT NEW.location, f.facet, f.value, 1 FROM (
    SELECT 'all' AS facet, '' AS value
    UNION ALL SELECT 'nationality', NEW.nationality WHERE NEW.nationality <> ''
    UNION ALL SELECT 'bodyType', NEW.body_type WHERE NEW.body_type <> ''
    UNION ALL SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND NEW.age BETWEEN min AND max) OR (facet = 'height' AND NEW.height BETWEEN min AND max)
  ) AS f WHERE true
  ON CONFLICT (location, facet, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER listing_facets_delete AFTER DELETE ON listings WHEN OLD.live = 1
BEGIN
  UPDATE listing_facets SET n = n - 1
  WHERE location = OLD.location AND (
    facet = 'all'
    OR (facet = 'nationality' AND value = OLD.nationality)
    OR (facet = 'bodyType' AND value = OLD.body_type)
    OR (facet, value) IN (SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND OLD.age BETWEEN min AND max) OR (facet = 'height' AND OLD.height BETWEEN min AND max))
  );
END;

CREATE TRIGGER listing_facets_update_old AFTER UPDATE OF live, location, nationality, body_type, age, height ON listings
WHEN OLD.live = 1
BEGIN
  UPDATE listing_facets SET n = n - 1
  WHERE location = OLD.location AND (
    facet = 'all'
    OR (facet = 'nationality' AND value = OLD.nationality)
    OR (facet = 'bodyType' AND value = OLD.body_type)
    OR (facet, value) IN (SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND OLD.age BETWEEN min AND max) OR (facet = 'height' AND OLD.height BETWEEN min AND max))
  );
END;

CREATE TRIGGER listing_facets_update_new AFTER UPDATE OF live, location, nationality, body_type, age, height ON listings
WHEN NEW.live = 1
BEGIN
  INSERT INTO listing_facets (location, facet, value, n)
  SELECT NEW.location, f.facet, f.value, 1 FROM (
    SELECT 'all' AS facet, '' AS value
    UNION ALL SELECT 'nationality', NEW.nationality WHERE NEW.nationality <> ''
    UNION ALL SELECT 'bodyType', NEW.body_type WHERE NEW.body_type <> ''
    UNION ALL SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND NEW.age BETWEEN min AND max) OR (facet = 'height' AND NEW.height BETWEEN min AND max)
  ) AS f WHERE true
  ON CONFLICT (location, facet, value) DO UPDATE SET n = n + 1;
END;
