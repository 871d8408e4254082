// Reading the rendered dashboard and managing listings' child rows for the dashboard, owner API and delete
// tests. The page is read with workerd's HTMLRewriter, by the data-testid hooks the components carry.
import { env } from "cloudflare:test";
import { newId } from "~/platform/data/ids";
import { decodeEntities } from "./page-outline";

export type CardView = {
  name: string;
  badge: string;
  status: string;
  toggles: Record<string, { pressed: boolean; disabled: boolean; name: string }>;
  links: Record<string, string>;
  cover: string | null;
  noImage: boolean;
  tiles: number[];
};

export type DashboardView = {
  greeting: string;
  h1: string;
  menu: { label: string; href: string }[];
  addNewHref: string | null;
  cards: CardView[];
  text: string;
};

const clean = (s: string) => decodeEntities(s).replace(/\s+/g, " ").trim();

export async function readDashboard(res: Response): Promise<DashboardView> {
  const view: DashboardView = { greeting: "", h1: "", menu: [], addNewHref: null, cards: [], text: "" };
  let card: CardView | null = null;
  let link: { href: string; text: string; label: string | null } | null = null;
  let menuItem: { label: string; href: string } | null = null;
  let capture: ((t: string) => void) | null = null;
  let tile = "";
  let inTile = false;
  let text = "";

  const html = await res.text();
  await new HTMLRewriter()
    .on("body", { text: (t) => void (text += t.text) })
    .on('[data-testid="dashboard-greeting"]', {
      element(e) {
        capture = (t) => (view.greeting += t);
        e.onEndTag(() => void (capture = null));
      },
      text: (t) => capture?.(t.text),
    })
    .on("h1", { text: (t) => void (view.h1 += t.text) })
    .on('[data-testid="dashboard-menu-item"]', {
      element(e) {
        menuItem = { label: "", href: e.getAttribute("href") ?? "" };
        const item = menuItem;
        view.menu.push(item);
        e.onEndTag(() => void (item.label = clean(item.label)));
      },
      text: (t) => {
        if (menuItem) menuItem.label += t.text;
      },
    })
    .on('[data-testid="dashboard-card"]', {
      element(e) {
        const c: CardView = {
          name: "",
          badge: "",
          status: "",
          toggles: {},
          links: {},
          cover: null,
          noImage: false,
          tiles: [],
        };
        card = c;
        view.cards.push(c);
        e.onEndTag(() => {
          c.name = clean(c.name);
          c.badge = clean(c.badge);
          c.status = clean(c.status);
          card = null;
        });
      },
    })
    .on('[data-testid="dashboard-card"] h2', { text: (t) => void (card && (card.name += t.text)) })
    .on('[data-testid="listing-badge"]', { text: (t) => void (card && (card.badge += t.text)) })
    .on('[data-testid="listing-status"]', { text: (t) => void (card && (card.status += t.text)) })
    .on('[data-testid="dashboard-card"] img', { element: (e) => void (card && (card.cover = e.getAttribute("src"))) })
    .on('[data-testid="dashboard-card"] button[data-testid^="toggle-"]', {
      element(e) {
        if (!card) return;
        const flag = (e.getAttribute("data-testid") ?? "").replace("toggle-", "");
        card.toggles[flag] = {
          pressed: e.getAttribute("aria-pressed") === "true",
          disabled: e.hasAttribute("disabled"),
          name: decodeEntities(e.getAttribute("aria-label") ?? ""),
        };
      },
    })
    .on('[data-testid="dashboard-card"] a', {
      element(e) {
        if (!card) return;
        const c = card;
        link = { href: e.getAttribute("href") ?? "", text: "", label: e.getAttribute("aria-label") };
        const current = link;
        e.onEndTag(() => void (c.links[clean(current.text)] = current.href));
      },
      text: (t) => void (link && (link.text += t.text)),
    })
    .on('[data-testid="dashboard-card"] dd', {
      element(e) {
        inTile = true;
        tile = "";
        e.onEndTag(() => {
          inTile = false;
          card?.tiles.push(Number(clean(tile).replace(/,/g, "")));
        });
      },
      text: (t) => void (inTile && (tile += t.text)),
    })
    .on("a", {
      element(e) {
        if (e.getAttribute("href") === "/profile/new") view.addNewHref = "/profile/new";
      },
    })
    .transform(new Response(html))
    .text();
  view.greeting = clean(view.greeting);
  view.h1 = clean(view.h1);
  view.text = clean(text);
  for (const c of view.cards) c.noImage = c.cover === null;
  return view;
}

/** Inserts image rows at `positions` and real R2 objects under their keys; answers the keys in position order. */
export async function addPhotos(
  listingId: string,
  positions: number[],
  opts: { r2?: boolean } = {},
): Promise<string[]> {
  const made: { key: string; position: number }[] = [];
  for (const [i, position] of positions.entries()) {
    const key = `listing/${newId(24)}.webp`;
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, ?, 600, 800, ?)",
    )
      .bind(newId(), listingId, key, position, 1000 + i)
      .run();
    if (opts.r2 !== false)
      await env.PHOTOS.put(key, new Uint8Array([82, 73, 70, 70, i]), { httpMetadata: { contentType: "image/webp" } });
    made.push({ key, position });
  }
  return made.sort((a, b) => a.position - b.position).map((m) => m.key);
}

export async function setStats(listingId: string, month: string, views: number, contacts: number, likes: number) {
  await env.DB.prepare(
    "INSERT INTO listing_stats (listing_id, month, views, contacts, likes) VALUES (?, ?, ?, ?, ?) ON CONFLICT (listing_id, month) DO UPDATE SET views = excluded.views, contacts = excluded.contacts, likes = excluded.likes",
  )
    .bind(listingId, month, views, contacts, likes)
    .run();
}

export type ListingFlags = {
  live: number;
  verified: number;
  active: number;
  active_until: number | null;
  updated_at: number;
};

export async function flags(listingId: string): Promise<ListingFlags | null> {
  return env.DB.prepare("SELECT live, verified, active, active_until, updated_at FROM listings WHERE id = ?")
    .bind(listingId)
    .first<ListingFlags>();
}

/** Sets updated_at back an hour, so a test can see a write move it on. */
export async function ageListing(listingId: string) {
  await env.DB.prepare("UPDATE listings SET updated_at = updated_at - 3600000 WHERE id = ?").bind(listingId).run();
}

/** Gives listings increasing created_at in the order given (the dashboard lists oldest first; inserts can share a millisecond). */
export async function createdInOrder(...ids: string[]) {
  for (const [i, id] of ids.entries()) {
    await env.DB.prepare("UPDATE listings SET created_at = ? WHERE id = ?")
      .bind(1_700_000_000_000 + i * 1000, id)
      .run();
  }
}
