-- Photos per plan and the administrators' Featured grant (issue 15, docs/decisions/0017-plan-photos-and-featured-grants.md).
--
-- listing_images.public: whether visitors see the photo. A Featured listing shows up to 20; when it becomes
-- Standard (a downgrade at the renewal, the end of a Featured grant) only 10 stay public and the rest are
-- kept, not deleted (rows and R2 objects stay), for the owner and for a later upgrade, which shows them again.
-- Every existing photo is public, as it was.
-- listing_images.kept_on_standard: the owner's choice of the 10 to keep public, made on /managesub when the
-- downgrade is scheduled; with no choice, the first 10 by position.
-- The page cache needs no new trigger: page_cache_images_update (0026) fires on an UPDATE of any column.
ALTER TABLE listing_images ADD COLUMN public INTEGER NOT NULL DEFAULT 1 CHECK (public IN (0, 1));
ALTER TABLE listing_images ADD COLUMN kept_on_standard INTEGER NOT NULL DEFAULT 0 CHECK (kept_on_standard IN (0, 1));

-- listings.featured_until: Featured granted by an administrator (audited) until then, whatever the plan;
-- `featured` is on while the listing is paid and either its plan is Featured or this is in the future. The
-- cron ends a grant whose time has come, as it ends a plan.
ALTER TABLE listings ADD COLUMN featured_until INTEGER;
CREATE INDEX listings_featured_until ON listings (featured_until) WHERE featured_until IS NOT NULL;
