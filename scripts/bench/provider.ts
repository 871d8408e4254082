// A signed-in provider for the benchmark, made only through the app's real HTTP API on a running
// `wrangler dev` (APP_ENV=development, so confirmation mail lands in /dev/outbox): sign up, confirm, upload
// a photo, create a listing, then save edits of it.
import sharp from "sharp";
import { DEMO_ADMIN_TOTP_SECRET, demoAccount } from "../../drizzle/seed/demo-accounts";
import { totpCodeAt } from "~/features/accounts/second-factor/totp";

export type Provider = { cookie: string; modelId: string };

const randomIp = () =>
  `10.${98 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** A new confirmed account, signed in: answers its session cookie. */
export async function signUp(baseUrl: string, o: { agency?: boolean } = {}): Promise<string> {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nz`;
  const res = await fetch(`${baseUrl}/api/users/signup`, {
    method: "POST",
    // The sign-up limiter counts per client address; each bench provider comes from its own.
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
    body: JSON.stringify({
      accountType: "unpaid",
      agency: o.agency ? "true" : "false",
      firstName: "Bench",
      lastName: "",
      email,
      password: "bench-password-1",
    }),
  });
  if (res.status !== 201) throw new Error(`bench sign-up failed: ${res.status} ${await res.text()}`);
  const signupCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // A sign-up signs nobody in: the link mailed to the local outbox does (sent just after the answer).
  for (let attempt = 0; attempt < 50; attempt++) {
    const outbox = await (await fetch(`${baseUrl}/dev/outbox`)).text();
    const at = outbox.indexOf(email);
    const link = at < 0 ? null : /\/confirm-email\/[A-Za-z0-9_-]{43}/.exec(outbox.slice(at))?.[0];
    if (link) {
      // Opening the link only shows a button; pressing it confirms, and signs in only the browser that signed
      // up (decision 0022): the bench presses it with the sign-up's cookie, as that browser would.
      const confirmed = await fetch(`${baseUrl}${link}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, Cookie: signupCookie },
        body: "",
      });
      const cookie = /(session=[^;]+)/.exec(confirmed.headers.get("set-cookie") ?? "")?.[1];
      if (!cookie) throw new Error(`bench confirmation failed: ${confirmed.status}`);
      return cookie;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("bench sign-up: no confirmation link in /dev/outbox");
}

function listingForm(uploadIds: string[], listingId: string | null, edit: number): FormData {
  const fd = new FormData();
  if (listingId) fd.set("modelId", listingId);
  const fields: Record<string, string> = {
    firstName: "Bench",
    location: "Auckland",
    suburb: "Ponsonby",
    contactPhone: "021 123 4567",
    calls: "Incall & Outcall",
    tagLine: `A listing the benchmark saves (edit ${edit})`,
    description: "This listing exists so that the benchmark can save it while it measures the home page.",
    age: "30",
  };
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set("rates[0][call_type]", "incall");
  fd.set("rates[0][duration]", "1hr");
  fd.set("rates[0][price]", String(200 + (edit % 50)));
  // An edit sends only new uploads; the saved photos stay.
  fd.set("uploadIds", JSON.stringify(uploadIds.map((uploadId, i) => ({ uploadId, position: i + 1 }))));
  return fd;
}

/** Signs a new provider up and creates their listing with the three photos a listing needs. */
/**
 * A 600 x 800 JPEG of 8 x 8 random colour blocks: each provider's photos must differ, as a photo already on
 * another account's listing is held as a copy (docs/decisions/0057-stolen-photos-caught-at-upload.md).
 */
async function uniqueJpeg(): Promise<Buffer> {
  const cells = Buffer.from(Array.from({ length: 8 * 8 * 3 }, () => Math.floor(Math.random() * 256)));
  return sharp(cells, { raw: { width: 8, height: 8, channels: 3 } })
    .resize(600, 800, { kernel: "nearest", fit: "fill" })
    .jpeg()
    .toBuffer();
}

export async function newProvider(baseUrl: string): Promise<Provider> {
  const cookie = await signUp(baseUrl);
  const uploadIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const jpeg = await uniqueJpeg();
    const upload = new FormData();
    upload.set("file", new File([new Uint8Array(jpeg)], `bench-${i}.jpg`, { type: "image/jpeg" }));
    const up = await fetch(`${baseUrl}/api/uploads`, { method: "POST", body: upload, headers: { Cookie: cookie } });
    const { uploadId, error } = (await up.json()) as { uploadId?: string; error?: string };
    if (!uploadId) throw new Error(`bench upload failed: ${up.status} ${error}`);
    uploadIds.push(uploadId);
  }
  const res = await fetch(`${baseUrl}/api/profiles`, {
    method: "POST",
    body: listingForm(uploadIds, null, 0),
    headers: { Cookie: cookie },
  });
  const json = (await res.json()) as { modelId?: string; error?: string };
  if (!res.ok || !json.modelId) throw new Error(`bench listing create failed: ${res.status} ${JSON.stringify(json)}`);
  return { cookie, modelId: json.modelId };
}

/** One edit of the provider's listing through PUT /api/profile; resolves to the HTTP status. */
export async function saveEdit(baseUrl: string, p: Provider, edit: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/profile`, {
    method: "PUT",
    body: listingForm([], p.modelId, edit),
    headers: { Cookie: p.cookie },
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * The demo administrator (drizzle/seed/demo-accounts.ts), signed in with the password and the current
 * two-factor code: answers the session cookie. A code is accepted once: should this step's have been spent,
 * the next step's is tried when it comes.
 */
export async function signInAdmin(baseUrl: string): Promise<string> {
  const admin = demoAccount("admin");
  const headers = { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 30_000));
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const pending = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await login.arrayBuffer();
    if (!login.ok) throw new Error(`bench admin sign-in failed: ${login.status}`);
    const code = totpCodeAt(DEMO_ADMIN_TOTP_SECRET, Date.now());
    const second = await fetch(`${baseUrl}/api/auth/login/second-factor`, {
      method: "POST",
      headers: { ...headers, Cookie: pending },
      body: JSON.stringify({ code }),
    });
    const cookie = /(session=[^;]+)/.exec(second.headers.getSetCookie().join(", "))?.[1];
    await second.arrayBuffer();
    if (second.ok && cookie) return cookie;
  }
  throw new Error("bench admin sign-in: the two-factor code was refused twice");
}
