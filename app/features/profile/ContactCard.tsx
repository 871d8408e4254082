import { useEffect, useRef } from "react";
import { formatPhone, smsLink } from "~/core/profile";

export const CONTACT_DEBOUNCE_MS = 300;

/**
 * The SMS button, and 'Request a booking' when the provider takes requests (docs/decisions/0052-booking-requests.md).
 * With JavaScript a click first counts a contact (debounced, so double taps count once)
 * and then opens the messaging app; without it the plain sms: link still works.
 */
export function ContactCard({
  listingId,
  firstName,
  phone,
  preview,
  takesRequests = false,
}: {
  listingId: string;
  firstName: string;
  phone: string;
  preview?: boolean;
  takesRequests?: boolean;
}) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const digits = phone.replace(/\D/g, "");
  const href = smsLink(phone, firstName);
  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-xl border border-line bg-panel p-4"
      data-testid="contact-card"
    >
      <h2 id="contact-heading" className="mb-1 text-lg font-semibold">
        Contact {firstName}
      </h2>
      <p className="mb-3 text-sm text-muted">Text to arrange a booking. Mention you found them here.</p>
      {digits ? (
        <a
          href={href}
          className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-accent px-4 text-lg font-semibold text-ink"
          data-testid="sms-button"
          onClick={(e) => {
            if (preview) {
              e.preventDefault();
              return;
            }
            e.preventDefault();
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => {
              fetch(`/api/visits/incrementContact/${listingId}`, {
                method: "PUT",
                headers: { "Content-Type": "application/json" },
                keepalive: true,
              }).catch(() => console.error("Failed to update contact clicks"));
              window.location.href = href;
            }, CONTACT_DEBOUNCE_MS);
          }}
        >
          <span aria-hidden="true">✉</span> SMS {formatPhone(phone)}
        </a>
      ) : (
        <p className="text-sm text-muted">No phone number yet.</p>
      )}
      {takesRequests ? (
        <a
          href={preview ? undefined : `/view/${listingId}/request`}
          className="mt-3 flex min-h-12 items-center justify-center rounded-lg border border-accent px-4 text-lg font-semibold text-accent"
          data-testid="request-booking"
        >
          Request a booking
        </a>
      ) : null}
    </section>
  );
}
