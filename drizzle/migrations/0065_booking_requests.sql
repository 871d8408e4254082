-- Booking requests that screen themselves (docs/decisions/0052-booking-requests.md). A visitor with no account
-- asks for a booking through a listing's 'Request a booking' form, proving a mobile number with a code sent by
-- SMS; the provider reads it in their inbox, screened against the Safety Net's published alerts and their own
-- block list. The number is never stored as text: a keyed hash (HMAC under the Worker secret BOOKINGS_KEY)
-- for blocks and limits, and, on an open request, a copy sealed under the same secret for the provider to read.
-- Times are UTC milliseconds.

-- The provider's switch, per listing; off until they turn it on.
ALTER TABLE listings ADD COLUMN takes_requests INTEGER NOT NULL DEFAULT 0;

-- One row per code sent. It holds the request's details (sealed) until the right code is given, then counts
-- for the limits: codes per number and per client network (/64) in the last hour, requests per number and per
-- listing in the last day (used_at). The cron deletes rows a day after they were made.
CREATE TABLE booking_codes (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  number_hash TEXT NOT NULL,
  network_hash TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  -- The form's fields and the number, sealed; '' once the code is used, replaced or out of tries.
  details TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- When the right code was given: a request was sent (or dropped for a block, which answers the same).
  used_at INTEGER,
  -- When a new code replaced it, or its tries ran out.
  closed_at INTEGER
);
CREATE INDEX booking_codes_number ON booking_codes (number_hash, created_at);
CREATE INDEX booking_codes_network ON booking_codes (network_hash, created_at);
CREATE INDEX booking_codes_listing ON booking_codes (listing_id, used_at);
CREATE INDEX booking_codes_created ON booking_codes (created_at);

-- A request in the provider's inbox. Deleted 30 days after the booking's time (delete_at); the sealed number is
-- emptied when the request is declined and a day after the booking's time.
CREATE TABLE booking_requests (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  number_hash TEXT NOT NULL,
  number_sealed TEXT NOT NULL,
  -- Name, incall or outcall, suburb, message and the Safety Net's answer, sealed as one JSON text.
  details TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  minutes INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'accepted', 'declined', 'suggested')),
  -- Declined by blocking the number.
  blocked INTEGER NOT NULL DEFAULT 0,
  suggested_at INTEGER,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  delete_at INTEGER NOT NULL
);
CREATE INDEX booking_requests_listing ON booking_requests (listing_id, created_at);
CREATE INDEX booking_requests_delete ON booking_requests (delete_at);
CREATE INDEX booking_requests_open ON booking_requests (starts_at) WHERE number_sealed <> '';

-- A provider's private block list: a request from a blocked number is dropped, answering the sender as any
-- other. The label (the name on the request and the number's last digits, sealed) lets the provider tell
-- blocks apart. Deleted 12 months after it was made or last renewed.
CREATE TABLE booking_blocks (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  number_hash TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, number_hash)
);
CREATE INDEX booking_blocks_expires ON booking_blocks (expires_at);

-- Local runs keep text messages in the development outbox beside the e-mails.
ALTER TABLE dev_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email';
