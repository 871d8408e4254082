-- Profile views by the visitor's region (an NZ region code from request.cf, 'abroad' or 'unknown'): one count per
-- listing per UTC day per region, added by the count queue's consumer. Nothing per visitor: the region travels
-- with a view to the flush and is not kept with its mark (docs/decisions/0032-region-breakdown.md).
CREATE TABLE listing_region_daily (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  region TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day, region)
) WITHOUT ROWID;
