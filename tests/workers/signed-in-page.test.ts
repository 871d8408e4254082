// A signed-in person on a public grid page gets the page cache's public copy with their own account parts
// put in (docs/decisions/0070): the same grid as everyone, their own header, and nothing of theirs in the
// shared cache. The Cache API outlives single tests here, so every test uses pages of its own.
import { describe, expect, it } from "vitest";
import { decodeIncludedUser, INCLUDED_USER } from "~/features/shell/account-parts";
import { newId } from "~/platform/data/ids";
import { backgroundWorkDone } from "./background";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";

const anonymous = client();

/** A first name nobody else has, letters only. */
const uniqueName = () => "Zq" + newId(10).replace(/[0-9]/g, "x");

/** GETs `path` until the answer comes from the cache (the copy is stored after the first answer is sent). */
async function untilHit(path: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await anonymous.get(path);
    const body = await res.text();
    if (res.headers.get("X-Cache") === "HIT") return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never came from the cache`);
}

/** A page filter no other test asks for: a key of its own in the shared cache. */
let pages = 0;
const freshPath = () =>
  `/locations/Wellington?page=${2 + (pages++ % 40)}&age=${["18-24", "25-29", "30-39"][pages % 3]}`;

/** Text as React writes it into HTML. */
const htmlText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
const includedUser = (html: string) =>
  decodeIncludedUser(new RegExp(`<body[^>]* ${INCLUDED_USER}="([^"]*)"`).exec(html)?.[1]);

describe("a signed-in person's grid page", () => {
  it("is the public copy's grid with each person's own header, footer and menu", async () => {
    const listing = uniqueName();
    await insertListing({ firstName: listing, location: "Auckland", featured: true, listedAt: Date.now() + 2e9 });
    const publicPage = await untilHit("/locations/Auckland");
    const anaName = uniqueName();
    // A name as a person may type it: markup and quotes stay text.
    const benName = `Ben "<i>" & co ${uniqueName()}`;
    const ana = { ...(await signedIn({ firstName: anaName })), firstName: anaName };
    const ben = { ...(await signedIn({ firstName: benName })), firstName: benName };
    for (const [me, other] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const res = await me.client.get("/locations/Auckland");
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Cache")).toBe("INCLUDED");
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await res.text();
      // The same grid as everyone's.
      expect(main(html)).toBe(main(publicPage));
      expect(main(html)).toContain(listing);
      const { firstName } = me;
      const escaped = htmlText(firstName);
      // Their header: the avatar menu with their name, the Dashboard link, no Log in.
      expect(html).toContain(`Hi, <!-- -->${escaped}`);
      expect(html).not.toContain('data-testid="header-login"');
      expect(html).not.toContain("Add Your Listing");
      expect(html).not.toContain("<i>");
      expect(html).toContain('data-testid="account-menu"');
      expect(html.match(/href="\/dashboard"/g)?.length).toBe(4);
      // Their public fields on <body>, from which the browser hydrates that header; nobody else's.
      expect(includedUser(html)).toEqual({
        id: me.userId,
        firstName,
        accountType: "unpaid",
        agency: false,
        isAdmin: false,
      });
      expect(html).not.toContain(other.userId);
      expect(html).not.toContain(htmlText(other.firstName));
    }
  });

  it("never leaves anything of a person in the shared cache, even when their visit made the copy", async () => {
    const name = uniqueName();
    const person = await signedIn({ firstName: name });
    const path = freshPath();
    // No copy yet: the public page is rendered as for a visitor, stored, and finished for this person.
    const first = await person.client.get(path);
    expect(first.headers.get("X-Cache")).toBe("INCLUDED");
    expect(await first.text()).toContain(`Hi, <!-- -->${name}`);
    await backgroundWorkDone();
    const copy = await untilHit(path);
    expect(copy).not.toContain(name);
    expect(copy).not.toContain(person.userId);
    expect(copy).not.toContain(INCLUDED_USER);
    expect(copy).not.toContain('data-testid="account-menu"');
    expect(copy).toContain('data-testid="header-login"');
    // The person's next visit is that copy, finished for them again.
    const again = await person.client.get(path);
    expect(again.headers.get("X-Cache")).toBe("INCLUDED");
    expect(await again.text()).toContain(`Hi, <!-- -->${name}`);
  });

  it("is rendered whole for an administrator, and for a session that has ended", async () => {
    const hidden = uniqueName();
    await insertListing({ firstName: hidden, location: "Wellington", live: false, verified: true });
    await untilHit("/locations/Wellington");
    const admin = await signedIn({ admin: true, agency: true });
    const page = await admin.client.get("/locations/Wellington");
    expect(page.headers.get("X-Cache")).toBeNull();
    expect(await page.text()).toContain(hidden);
    const ended = client({ cookie: "session=" + "x".repeat(43) });
    const res = await ended.get("/locations/Wellington");
    expect(res.headers.get("X-Cache")).toBeNull();
    expect(await res.text()).toContain('data-testid="header-login"');
  });

  it("is the frame's own route to nobody else", async () => {
    const person = await signedIn();
    expect((await person.client.get("/signed-in-parts")).status).toBe(404);
    expect((await anonymous.get("/signed-in-parts")).status).toBe(404);
  });
});
