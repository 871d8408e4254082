-- A like belongs to the browser that gave it (spec: the visitor's fingerprint), so each browser's heart stays
-- as it set it. Only the first browser from one address in a day adds to the listing's likes: its row is
-- counted; another browser's like from that address that day is kept for its own heart and counts nothing.
ALTER TABLE likes ADD COLUMN counted INTEGER NOT NULL DEFAULT 1;
