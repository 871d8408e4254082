-- The keys of the counting marks' visitor hashes and of the likes' server-made visitor ids were rows here, in
-- the database they protect: anyone with a copy could try every IPv4 address against the marks. They are now
-- derived per day from a Worker secret and a salt kept in KV for two days
-- (docs/decisions/0044-counting-keys-lanes-and-bytes.md), so the stored keys go.
DELETE FROM site_secrets WHERE name IN ('count-visitor', 'visitor-id');
