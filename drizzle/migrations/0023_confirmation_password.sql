-- A confirmation link issued when the address already had a sign-up asks for the password of the latest
-- sign-up before it confirms (docs/decisions/0010-confirmed-signup.md): a stranger who signs up again with
-- someone's address between their sign-up and their click cannot hand them an account whose password the
-- stranger knows. A first sign-up's link stays one click.
ALTER TABLE email_confirmations ADD COLUMN needs_password INTEGER NOT NULL DEFAULT 0;
