-- The dashboard's verification notices leave out a decision that a newer request of the same listing and kind
-- replaced (app/features/verification/notices.server.ts). Without this index that check read every request
-- in the table, once for each recent decision, on every view of the dashboard.
CREATE INDEX verification_requests_replaced ON verification_requests (listing_id, kind, created_at);
