-- An appeal upheld against an ID or photo refusal reopens the request rather than approving it
-- (docs/decisions/0068-upheld-appeal-reopens-the-request.md): the documents were deleted at the first decision,
-- so the provider sends new ones, and that request goes first in the queue.
-- When an overturned appeal reopened this refused request; null otherwise.
ALTER TABLE verification_requests ADD COLUMN reopened_at INTEGER;
-- Sent after a reopening of the same listing and kind: first in the administrators' queue.
ALTER TABLE verification_requests ADD COLUMN fast_track INTEGER NOT NULL DEFAULT 0;
