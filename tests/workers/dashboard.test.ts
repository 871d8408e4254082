// The owner dashboard as rendered by the built Worker, with real sessions (logged in through the API).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACTIVE_WINDOW_MS } from "~/features/listings/state";
import { monthKey } from "~/features/insights/stats";
import { client, dashboard, freshIp, signedIn } from "./client";
import { shiftDate } from "./clock";
import { nzWallTime } from "~/platform/time/nz-time";
import { addPhotos, createdInOrder, setStats } from "./dashboard-fixtures";
import { insertListing } from "./fixtures";
import { backgroundWorkDone } from "./background";
import { eventually, rows } from "./public-fixtures";
import { newId } from "~/platform/data/ids";

const HOUR = 3_600_000;

describe("/dashboard access", () => {
  it("sends a visitor without a session to log in, and a revoked session with sessionExpired=true", async () => {
    const anon = await client().get("/dashboard");
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");

    const owner = await signedIn({ logIn: true });
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(owner.userId).run();
    const stale = await owner.client.get("/dashboard");
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/login?sessionExpired=true&redirectTo=%2Fdashboard");
  });

  it("is never cached and redirects /Dashboard to /dashboard", async () => {
    const owner = await signedIn({ logIn: true });
    const res = await owner.client.get("/dashboard");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const upper = await owner.client.get("/Dashboard");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe("/dashboard");
  });
});

describe("/dashboard greeting, menu and heading", () => {
  it("an Independent with one listing: 'Hi, {listing name}', 'Your Listing', no Add New Listing", async () => {
    const owner = await signedIn({ firstName: "Account", logIn: true });
    await insertListing({ userId: owner.userId, firstName: "Ruby", live: true, verified: true, photoVerified: true });
    const page = await dashboard(owner);
    expect(page.greeting).toBe("Hi, Ruby");
    expect(page.h1).toBe("Your Listing");
    expect(page.addNewHref).toBeNull();
    // Verified and photo-verified: neither verification item, and the Safety Net (decision 0023).
    expect(page.menu).toEqual([
      { label: "Subscriptions", href: "/subscriptions" },
      { label: "Manage", href: "/managesub" },
      { label: "Help", href: "/faq" },
      { label: "Safety Net", href: "/dashboard/safety-net" },
      { label: "Insights", href: "/dashboard/insights" },
      { label: "Booking requests", href: "/dashboard/requests" },
    ]);
  });

  it("an Independent with no listing: 'Hello, ', 'Your Listing' and Add New Listing to /profile/new", async () => {
    const owner = await signedIn({ firstName: "Mere", logIn: true });
    const page = await dashboard(owner);
    expect(page.greeting).toBe("Hello, Mere");
    expect(page.h1).toBe("Your Listing");
    expect(page.addNewHref).toBe("/profile/new");
    expect(page.cards).toEqual([]);
    // Nothing to verify yet: every (zero) listing is verified.
    expect(page.menu.map((m) => m.label)).toEqual(["Subscriptions", "Manage", "Help"]);
  });

  it("an agency: 'Your Listings', 'Hello, ', Add New Listing, and the verification items when they apply", async () => {
    const agency = await signedIn({ firstName: "Harbour", agency: true, logIn: true });
    const a = await insertListing({
      userId: agency.userId,
      firstName: "Sienna",
      live: true,
      verified: true,
      photoVerified: false,
    });
    const c = await insertListing({ userId: agency.userId, firstName: "Coco", live: false, verified: false });
    await createdInOrder(a, c);
    await addPhotos(a, [1, 2, 3, 4], { r2: false });
    const page = await dashboard(agency);
    expect(page.greeting).toBe("Hello, Harbour");
    expect(page.h1).toBe("Your Listings");
    expect(page.addNewHref).toBe("/profile/new");
    expect(page.menu).toEqual([
      { label: "Subscriptions", href: "/subscriptions" },
      { label: "Manage", href: "/managesub" },
      { label: "Help", href: "/faq" },
      { label: "Get Verified", href: "/verification" },
      { label: "Verify Photos", href: "/photo-verification" },
      { label: "Safety Net", href: "/dashboard/safety-net" },
      { label: "Insights", href: "/dashboard/insights" },
      { label: "Booking requests", href: "/dashboard/requests" },
      { label: "Roster", href: "/dashboard/roster" },
    ]);
    expect(page.cards.map((c) => c.name)).toEqual(["Sienna", "Coco"]);
  });

  it("hides Get Verified when every listing is verified, and Verify Photos once no photo can be sent for checking", async () => {
    const agency = await signedIn({ agency: true, logIn: true });
    const checked = await insertListing({ userId: agency.userId, verified: true, photoVerified: true });
    const waiting = await insertListing({ userId: agency.userId, verified: true, live: false });
    await addPhotos(checked, [1, 2, 3, 4, 5], { r2: false });
    const [photo] = await addPhotos(waiting, [1], { r2: false });
    // Every photo checked recently, or waiting for its check (docs/decisions/0055-each-photo-verified.md).
    await env.DB.prepare("UPDATE listing_images SET verified_at = ? WHERE listing_id = ?")
      .bind(Date.now(), checked)
      .run();
    const request = "req" + waiting.slice(0, 12);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at) VALUES (?, 'photo', ?, ?, 'pending', ?)",
      ).bind(request, waiting, agency.userId, Date.now()),
      env.DB.prepare(
        "INSERT INTO photo_checks_pending (image_id, request_id) SELECT id, ? FROM listing_images WHERE r2_key = ?",
      ).bind(request, photo),
    ]);
    let page = await dashboard(agency);
    expect(page.menu.map((m) => m.label)).toEqual([
      "Subscriptions",
      "Manage",
      "Help",
      "Safety Net",
      "Insights",
      "Booking requests",
      "Roster",
    ]);
    // A new photo, not yet checked: Verify Photos comes back.
    await addPhotos(checked, [6], { r2: false });
    page = await dashboard(agency);
    expect(page.menu.map((m) => m.label)).toContain("Verify Photos");
  });
});

describe("/dashboard listing cards", () => {
  it("shows badge, switches, status line and buttons by the listing's state", async () => {
    const agency = await signedIn({ agency: true, logIn: true });
    const now = Date.now();
    const live = await insertListing({
      userId: agency.userId,
      firstName: "Sienna",
      live: true,
      verified: true,
      active: true,
      activeUntil: now + 2 * HOUR,
    });
    const hidden = await insertListing({
      userId: agency.userId,
      firstName: "Jade",
      live: false,
      verified: true,
      active: true,
      activeUntil: now - HOUR,
    });
    const coco = await insertListing({ userId: agency.userId, firstName: "Coco", live: false, verified: false });
    await createdInOrder(live, hidden, coco);
    const keys = await addPhotos(live, [2, 1, 3], { r2: false });
    await addPhotos(hidden, [1], { r2: false });

    const [sienna, jade, cocoCard] = (await dashboard(agency)).cards;

    expect(sienna.badge).toBe("LIVE");
    expect(sienna.status).toBe("Active · Standard Listing");
    expect(sienna.toggles.active).toEqual({ pressed: true, disabled: false, name: "Active Now for Sienna" });
    expect(sienna.toggles.live).toEqual({ pressed: true, disabled: false, name: "Live for Sienna" });
    // The cover is the photo in position 1.
    expect(sienna.cover).toBe(`/photos/${keys[0]}`);
    // On Standard: Upgrade quotes this listing's upgrade to Featured.
    expect(sienna.links).toEqual({
      Edit: `/profile/edit/${live}`,
      View: `/view/${live}`,
      Upgrade: `/managesub?upgrade=${live}`,
    });

    expect(jade.badge).toBe("Hidden");
    // Its window ran out an hour ago: inactive, and Active Now is off limits until it is live again.
    expect(jade.status).toBe("Inactive · Standard Listing");
    expect(jade.toggles.active).toMatchObject({ pressed: false, disabled: true });
    expect(jade.toggles.live).toMatchObject({ pressed: false, disabled: false });

    expect(cocoCard.badge).toBe("Hidden - Get Verified");
    expect(cocoCard.toggles.live).toMatchObject({ pressed: false, disabled: true });
    expect(cocoCard.toggles.active).toMatchObject({ pressed: false, disabled: true });
    expect(cocoCard.noImage).toBe(true);
    // The checklist is the one list of what it still needs, each step linked (its plan is paid, so no plan step);
    // nothing else on the card repeats them.
    expect(cocoCard.links).toEqual({
      Edit: `/profile/edit/${coco}`,
      Upgrade: `/managesub?upgrade=${coco}`,
      "Get verified for Coco": "/verification",
      "Add photos for Coco": `/profile/edit/${coco}`,
    });
    // Switched off: the card's own Live switch is the way, so no link for it; its one photo is a checklist step.
    expect(jade.links).toEqual({
      Edit: `/profile/edit/${hidden}`,
      View: `/view/${hidden}`,
      Upgrade: `/managesub?upgrade=${hidden}`,
      "Add photos for Jade": `/profile/edit/${hidden}`,
    });

    const page = await dashboard(agency);
    expect(page.text).toContain("No Image");
    expect(page.text).toContain("Get verified to go live.");
    expect(page.text).toContain("Active for the next 2 hours");
  });

  it("offers Upgrade for the listing it is on: none on Featured, the plans for that listing when unpaid", async () => {
    const agency = await signedIn({ agency: true, logIn: true });
    const star = await insertListing({ userId: agency.userId, firstName: "Star", featured: true });
    const fresh = await insertListing({ userId: agency.userId, firstName: "Fresh", subscription: "none" });
    await createdInOrder(star, fresh);
    const [starCard, freshCard] = (await dashboard(agency)).cards;
    expect(starCard.links).not.toHaveProperty("Upgrade");
    expect(freshCard.links.Upgrade).toBe(`/subscriptions?listing=${fresh}`);

    // The plans page opened from it says whose plan it is, and its plans are posted for that listing, so an
    // agency is not asked again which listing.
    const plans = await (await agency.client.get(`/subscriptions?listing=${fresh}`)).text();
    expect(plans).toContain("Choosing a plan for <strong>Fresh</strong>");
    expect(plans.match(new RegExp(`name="listingId" value="${fresh}"`, "g"))).toHaveLength(2);
    // Someone else's listing named in the address is ignored.
    const other = await insertListing({ firstName: "Other" });
    const notMine = await (await agency.client.get(`/subscriptions?listing=${other}`)).text();
    expect(notMine).not.toContain("Choosing a plan for");
    expect(notMine).not.toContain(`value="${other}"`);
  });

  it("does not ask for an ID that waits for review: the Live switch says it is being reviewed", async () => {
    const owner = await signedIn({ logIn: true });
    const listingId = await insertListing({ userId: owner.userId, live: false, verified: false });
    await env.DB.prepare(
      "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, r2_keys, created_at) VALUES (?, 'id', ?, ?, 'pending', '[]', ?)",
    )
      .bind(newId(), listingId, owner.userId, Date.now())
      .run();
    const page = await dashboard(owner);
    expect(page.text).toContain("Your ID is being reviewed. The listing can go live once it is approved.");
    expect(page.text).not.toContain("Get verified to go live.");
  });

  it("tells the owner how long Active Now lasts", async () => {
    const owner = await signedIn({ logIn: true });
    await insertListing({ userId: owner.userId, live: true, verified: true });
    const page = await dashboard(owner);
    expect(ACTIVE_WINDOW_MS).toBe(8 * HOUR);
    expect(page.text).toContain("Shows you as Active Now for the next 8 hours.");
  });

  it("Monthly Performance tiles show this NZ month's views (not halved), likes and contacts, 0 without a row", async () => {
    const owner = await signedIn({ agency: true, logIn: true });
    const counted = await insertListing({ userId: owner.userId, firstName: "Counted" });
    const fresh = await insertListing({ userId: owner.userId, firstName: "Fresh" });
    await createdInOrder(counted, fresh);
    const now = Date.now();
    const lastMonth = new Date(now);
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await setStats(counted, monthKey(now), 7, 3, 2);
    await setStats(counted, monthKey(lastMonth.getTime()), 100, 100, 100);
    const [a, b] = (await dashboard(owner)).cards;
    // Views on listing, Likes, Contacts opened.
    expect(a.tiles).toEqual([7, 2, 3]);
    expect(b.tiles).toEqual([0, 0, 0]);
  });

  it("counts each visitor's profile view once a day and shows the count as is (not halved)", async () => {
    const owner = await signedIn({ logIn: true });
    const id = await insertListing({ userId: owner.userId, live: true });
    // Three visitors; the first comes back twice more the same day.
    for (const ip of ["10.201.0.1", "10.201.0.2", "10.201.0.3", "10.201.0.1", "10.201.0.1"]) {
      const res = await client({ ip }).get(`/view/${id}`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/120" } });
      expect(res.status).toBe(200);
      await res.text();
    }
    // Views are counted through the count queue a moment after the answers (decision 0024).
    const deadline = Date.now() + 10_000;
    let views = 0;
    while (views < 3 && Date.now() < deadline) {
      const row = await env.DB.prepare("SELECT SUM(views) AS n FROM listing_stats WHERE listing_id = ?")
        .bind(id)
        .first<{ n: number | null }>();
      views = row?.n ?? 0;
      if (views < 3) await new Promise((r) => setTimeout(r, 50));
    }
    await backgroundWorkDone();
    const [card] = (await dashboard(owner)).cards;
    expect(card.tiles[0]).toBe(3);
  });

  it("files a view, a like and a contact made in the first NZ hours of a month under that month's tiles", async () => {
    // 01:00 on 1 January 2027 in Auckland is still 31 December in UTC: the month's views (counted through the
    // queue by their NZ day), its likes and contacts (counted as they happen) and the tiles must all take
    // the NZ month, whatever hour the suite runs at.
    const restore = shiftDate(nzWallTime("2027-01-01", 60) - Date.now());
    try {
      const owner = await signedIn({ logIn: true });
      const id = await insertListing({ userId: owner.userId, live: true });
      const ip = freshIp();
      const view = await client({ ip }).get(`/view/${id}`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/120" } });
      expect(view.status).toBe(200);
      await view.text();
      expect((await client({ ip }).put(`/api/visits/incrementContact/${id}`)).status).toBe(200);
      const like = await client({ ip }).post(`/api/profiles/${id}/like`, { json: { fingerprint: "visitor_newyear1" } });
      expect(like.status).toBe(200);
      // The view is counted through the count queue a moment after the answer (decision 0024).
      await eventually(
        async () => (await rows("SELECT 1 FROM listing_stats WHERE listing_id = ? AND views > 0", id)).length,
        10_000,
      );
      // Views on listing, Likes, Contacts opened.
      expect((await dashboard(owner)).cards[0].tiles).toEqual([1, 1, 1]);
      expect(
        await env.DB.prepare("SELECT DISTINCT month FROM listing_stats WHERE listing_id = ?").bind(id).all(),
      ).toMatchObject({
        results: [{ month: "2027-01" }],
      });
    } finally {
      restore();
    }
  });

  it("shows only the signed-in owner's listings", async () => {
    const me = await signedIn({ agency: true, logIn: true });
    await insertListing({ userId: me.userId, firstName: "Mine" });
    await insertListing({ firstName: "Theirs" });
    const page = await dashboard(me);
    expect(page.cards.map((c) => c.name)).toEqual(["Mine"]);
  });
});
