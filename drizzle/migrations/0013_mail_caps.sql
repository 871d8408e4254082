-- When a capped kind of e-mail last went to one recipient (for example 'someone tried to sign up with your
-- address'), keyed by kind and a hash of the address: the cap holds without keeping the address itself.
CREATE TABLE mail_caps (
  key TEXT PRIMARY KEY NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX mail_caps_sent ON mail_caps (sent_at);
