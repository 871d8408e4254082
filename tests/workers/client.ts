// The one way the workers tests talk to the Worker, and the one way they get a signed-in user. Requests go
// through SELF.fetch as a browser's would: past the age gate, never following redirects (tests read them),
// from a client address of their own so the rate limiters only trip where a test means them to. The
// *-fixtures.ts files only insert data; whatever sends a request or makes a session lives here.
import { env, SELF } from "cloudflare:test";
import { sessionCookieName, sha256Hex } from "~/platform/http/token-cookie.server";
import { newId, newToken } from "~/platform/data/ids";
import type { ListingValues } from "~/features/listings/schema";
import { idForm, photoForm as photoVerificationForm } from "./admin-fixtures";
import { PASSWORD } from "./auth-fixtures";
import { readDashboard } from "./dashboard-fixtures";
import type { DashboardView } from "./dashboard-fixtures";
import { photoForm, positions, saveForm, uniquePhoto, validValues } from "./editor-fixtures";
import { insertUser } from "./fixtures";

/**
 * A request body. A `json` string is sent as it is (and `json: undefined` as the type with no body), so tests
 * can send malformed JSON; `raw` is for what the other three cannot make (streams, bodies that lie about
 * their type).
 */
export type Body =
  | { json: unknown }
  | { form: Record<string, string> }
  | { multipart: FormData }
  | { raw: BodyInit | null; type?: string };

export type Init = { headers?: Record<string, string>; cf?: Record<string, unknown> };

export type Client = {
  get(path: string, init?: Init): Promise<Response>;
  post(path: string, body?: Body, init?: Init): Promise<Response>;
  put(path: string, body?: Body, init?: Init): Promise<Response>;
  delete(path: string, body?: Body, init?: Init): Promise<Response>;
  /** Any other method, for tests that walk through methods a route must refuse. */
  send(method: string, path: string, body?: Body, init?: Init): Promise<Response>;
};

export type ClientOptions = {
  /** Sent as is after the age cookie, e.g. a session cookie from signedIn() or logIn(). */
  cookie?: string | null;
  /** One fixed address for every request; without it each request comes from a fresh one. */
  ip?: string;
  origin?: string;
  /** false: a first visit, before the age gate. */
  ageVerified?: boolean;
};

// A worker's files share one runtime and so one set of rate limiters (vitest.config.ts, isolate: false): the
// counter runs on across them, from a random start so that two workers' addresses do not meet either.
let ipCounter = Math.floor(Math.random() * 0xffff) << 8;
/** A client address no other request of this run has used. */
export function freshIp(): string {
  ipCounter = (ipCounter + 1) & 0xffffff;
  return `10.${ipCounter >> 16}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Runs `attempt` from a fresh client address. The rate-limit bindings count per minute in windows aligned
 * to the wall clock, so an attempt that spends a budget and then expects a 429 fails if a new window opens
 * half-way. When it fails and did straddle two windows, it runs once more from another address, now well
 * inside a window: no test waits for the clock. `attempt` makes what it counts on itself.
 */
export async function inOneLimiterWindow(attempt: (ip: string) => Promise<void>): Promise<void> {
  for (let tries = 0; ; tries++) {
    const window = Math.floor(limiterClock() / 60_000);
    try {
      await attempt(freshIp());
      return;
    } catch (error) {
      if (tries > 0 || Math.floor(limiterClock() / 60_000) === window) throw error;
    }
  }
}

// The limiters count on the real clock (in Miniflare's own object): a test that moves Date (clock.ts) must not
// move the window this guard watches. Taken when this module loads, before any test fakes Date.
const limiterClock = Date.now.bind(Date);

function encode(body: Body | undefined): { payload?: BodyInit | null; type?: string } {
  if (!body) return {};
  if ("json" in body)
    return { payload: typeof body.json === "string" ? body.json : JSON.stringify(body.json), type: "application/json" };
  if ("form" in body)
    return { payload: new URLSearchParams(body.form).toString(), type: "application/x-www-form-urlencoded" };
  if ("multipart" in body) return { payload: body.multipart };
  return { payload: body.raw, type: body.type };
}

export function client(o: ClientOptions = {}): Client {
  const origin = o.origin ?? "http://localhost";
  const cookie = [o.ageVerified === false ? null : "age_verified=1", o.cookie].filter(Boolean).join("; ");

  const send = (method: string, path: string, body?: Body, init: Init = {}) => {
    const { payload, type } = encode(body);
    const headers = new Headers({ "CF-Connecting-IP": o.ip ?? freshIp() });
    if (type) headers.set("Content-Type", type);
    if (cookie) headers.set("Cookie", cookie);
    for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
    // The fetch standard asks for duplex with a streamed request body.
    const duplex = payload instanceof ReadableStream ? { duplex: "half" } : {};
    return SELF.fetch(`${origin}${path}`, {
      method,
      body: payload,
      headers,
      redirect: "manual",
      cf: init.cf,
      ...duplex,
    } as RequestInit);
  };

  return {
    get: (path, init) => send("GET", path, undefined, init),
    post: (path, body, init) => send("POST", path, body, init),
    put: (path, body, init) => send("PUT", path, body, init),
    delete: (path, body, init) => send("DELETE", path, body, init),
    send,
  };
}

/** "session=<token>" from a response's Set-Cookie, or null when it sets none (or clears it). */
export function sessionCookieFrom(res: Response): string | null {
  const header = res.headers.get("Set-Cookie");
  const match = header?.match(/(?:^|,\s*)(session=[^;]*)/);
  if (!match || match[1] === "session=") return null;
  return match[1];
}

export function clearsSessionCookie(res: Response): boolean {
  const header = res.headers.get("Set-Cookie") ?? "";
  return /(^|,\s*)session=;/.test(header) && /Max-Age=0/.test(header);
}

/** Logs in through POST /api/auth/login, as the browser does, and answers the session cookie. */
export async function logIn(email: string, password = PASSWORD): Promise<string> {
  const res = await client().post("/api/auth/login", { json: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error("login set no session cookie");
  return cookie;
}

export type SignedIn = { userId: string; email: string; cookie: string; client: Client };

export type SignedInOptions = {
  agency?: boolean;
  admin?: boolean;
  firstName?: string;
  /**
   * Sign in through the login route (a real password hash, PASSWORD) rather than by writing the session
   * row, where what a login leaves behind matters: its security event is among what a deletion must clear.
   */
  logIn?: boolean;
  /**
   * An administrator's session normally counts as having proved a second factor (as after the two-factor
   * step); true leaves it password-only, which must have no administrator powers.
   */
  withoutSecondFactor?: boolean;
};

/** A new user of the given kind with a live session. */
export async function signedIn(o: SignedInOptions = {}): Promise<SignedIn> {
  const userId = newId();
  const email = `user-${userId}@test.nz`;
  await insertUser({
    id: userId,
    email,
    firstName: o.firstName,
    agency: o.agency,
    accountType: o.admin ? "admin" : undefined,
    password: o.logIn ? PASSWORD : undefined,
  });
  const cookie = o.logIn ? await logIn(email) : await sessionRow(userId);
  if (o.admin && !o.withoutSecondFactor) {
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?").bind(Date.now(), userId).run();
  }
  return { userId, email, cookie, client: client({ cookie }) };
}

/** A session as the login would store it (the token's hash only), without the cost of a login. */
async function sessionRow(userId: string): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(await sha256Hex(token), userId, now, now, now + 86_400_000)
    .run();
  return `${sessionCookieName(false)}=${token}`;
}

export type Cast = { admin: SignedIn; provider: SignedIn; stranger: SignedIn };

/** An administrator, a provider (who owns the test's listings) and another provider. */
export async function cast(): Promise<Cast> {
  return {
    admin: await signedIn({ admin: true, agency: true }),
    provider: await signedIn({ agency: true }),
    stranger: await signedIn({ agency: true }),
  };
}

// Journeys several test files share; anyone with a client can take them.
type As = { client: Client };

/** One photo through POST /api/uploads: by default a picture of its own (editor-fixtures.ts uniquePhoto). */
export function upload(as: As, bytes: Uint8Array = uniquePhoto(), name = "photo.jpg", type = "image/jpeg") {
  return as.client.post("/api/uploads", { multipart: photoForm(bytes, name, type) });
}

/** Uploads `n` small photos and answers their upload ids. */
export async function uploadIds(as: As, n = 3): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await upload(as);
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { uploadId: string }).uploadId);
  }
  return ids;
}

/** Creates a listing through POST /api/profiles with fresh uploads; answers its id. */
export async function createListingVia(as: As, over: Partial<ListingValues> = {}): Promise<string> {
  const ids = await uploadIds(as, 3);
  const res = await as.client.post("/api/profiles", {
    multipart: saveForm(validValues(over), { uploadIds: positions(ids) }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { modelId: string }).modelId;
}

export function requestId(as: As, listingId: string, form: FormData = idForm()) {
  return as.client.post(`/api/verify/request/${listingId}`, { multipart: form });
}

export function requestPhotos(as: As, listingId: string, form: FormData = photoVerificationForm()) {
  return as.client.post(`/api/photo-verify/request/${listingId}`, { multipart: form });
}

/** The dashboard as `as`'s owner sees it. */
export async function dashboard(as: As): Promise<DashboardView> {
  const res = await as.client.get("/dashboard");
  if (res.status !== 200) throw new Error(`dashboard answered ${res.status}`);
  return readDashboard(res);
}
