-- Agency page addresses (docs/decisions/0065-agency-slugs-kept.md).
--
-- 1. A renamed agency's old addresses answer 301 to its new one: each slug an agency leaves is kept here (a trigger,
--    so no save can forget), and forgotten when that agency takes it back. A slug another agency now holds is that
--    agency's page: the current slug always wins over an old one.
CREATE TABLE agency_old_slugs (
  slug TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES agencies (user_id) ON DELETE CASCADE,
  replaced_at INTEGER NOT NULL
);
CREATE INDEX agency_old_slugs_user ON agency_old_slugs (user_id);

CREATE TRIGGER agencies_keep_old_slug AFTER UPDATE OF slug ON agencies
WHEN OLD.slug IS NOT NULL AND OLD.slug IS NOT NEW.slug
BEGIN
  INSERT INTO agency_old_slugs (slug, user_id, replaced_at)
    VALUES (OLD.slug, NEW.user_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
    ON CONFLICT (slug) DO UPDATE SET user_id = excluded.user_id, replaced_at = excluded.replaced_at;
  DELETE FROM agency_old_slugs WHERE slug = NEW.slug;
END;

-- 2. Agencies saved before migration 0073 have no slug (and so no page) until they save again. Each gets the slug
--    its name gives (agencies/agency.ts slugFromName: lower case, '&' as 'and', every run of other characters one
--    '-', at most 60 characters, 'agency' when nothing is left; accented letters, which the app folds to their
--    base letter, become '-' here), or, where another agency holds that already, the slug with a random suffix.
CREATE TABLE agency_slug_backfill (user_id TEXT PRIMARY KEY NOT NULL, base TEXT NOT NULL);

WITH RECURSIVE walk (user_id, i, name, out) AS (
  SELECT user_id, 1, lower(replace(name, '&', ' and ')), '' FROM agencies WHERE slug IS NULL
  UNION ALL
  SELECT user_id, i + 1, name,
    out || CASE
      WHEN substr(name, i, 1) GLOB '[a-z0-9]' THEN substr(name, i, 1)
      WHEN out = '' OR substr(out, -1, 1) = '-' THEN ''
      ELSE '-'
    END
  FROM walk WHERE i <= length(name)
)
INSERT INTO agency_slug_backfill (user_id, base)
SELECT user_id, coalesce(nullif(rtrim(substr(rtrim(out, '-'), 1, 60), '-'), ''), 'agency')
FROM walk WHERE i = length(name) + 1;

UPDATE agencies SET slug = (
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM agencies o WHERE o.slug = b.base)
      AND NOT EXISTS (SELECT 1 FROM agency_slug_backfill e WHERE e.base = b.base AND e.user_id < b.user_id)
    THEN b.base
    ELSE b.base || '-' || lower(hex(randomblob(3)))
  END
  FROM agency_slug_backfill b WHERE b.user_id = agencies.user_id
)
WHERE slug IS NULL;

DROP TABLE agency_slug_backfill;
