// An agency page in the bench's store (docs/decisions/0059-agency-page.md): the owner of one live listing becomes
// a checked agency holding seven more, every worker agreed to be shown on its page. Written before the fair
// rotation is measured, so that measure includes agency listings taking their turns like everyone's, and the
// targets then measure /agencies/{slug} against the floor as a region page is.
import { withPlatformProxy } from "../platform-proxy.mjs";

export const BENCH_AGENCY_SLUG = "bench-harbour-agency";
const LISTINGS = 8;

/** Makes the agency (once per store copy) and answers its page's path. */
export async function seedAgencyPage(persistDir: string): Promise<string> {
  return withPlatformProxy("bench: an agency page", persistDir, async (env: Env) => {
    const { results } = await env.DB.prepare("SELECT id, user_id FROM listings WHERE live = 1 ORDER BY id LIMIT ?")
      .bind(LISTINGS)
      .all<{ id: string; user_id: string }>();
    if (results.length === 0) throw new Error("bench: no live listing to make an agency of");
    const owner = results[0].user_id;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET agency = 1 WHERE id = ?").bind(owner),
      ...results.map((r) => env.DB.prepare("UPDATE listings SET user_id = ? WHERE id = ?").bind(owner, r.id)),
      env.DB.prepare(
        `INSERT INTO agencies (user_id, name, slug, regions, description, contact_line, opening_hours, certificate_number,
           certificate_expires, certificate_checked_at, updated_at)
         VALUES (?, 'Bench Harbour Agency', ?, 'Auckland,Wellington', 'A small agency by the harbour.', 'Text 021 555 0100',
           'Every day, 10 am to 2 am', 'OC-2025-0142', '2099-01-01', ?, ?)
         ON CONFLICT (user_id) DO NOTHING`,
      ).bind(owner, BENCH_AGENCY_SLUG, now, now),
      ...results.map((r) =>
        env.DB.prepare(
          `INSERT INTO worker_consents (listing_id, email, state, asked_at, decided_at, agreed_name, agreed_image_ids,
             proposed_on_agency_page, on_agency_page)
           VALUES (?, ?, 'agreed', ?, ?, '', '[]', 1, 1) ON CONFLICT (listing_id) DO NOTHING`,
        ).bind(r.id, `worker-${r.id}@example.nz`, now, now),
      ),
    ]);
    return `/agencies/${BENCH_AGENCY_SLUG}`;
  });
}
