// Real sessions for workers tests: a user whose password_hash comes from hashPassword, logged in through
// POST /api/auth/login exactly as the browser does. Each login comes from its own client address, so the
// login rate limit (10 a minute per address) never trips across a test file.
import { env } from "cloudflare:test";
import { newId } from "~/lib/ids";
import { hashPassword } from "~/lib/password";
import { fetchSelf } from "./fixtures";

export const TEST_PASSWORD = "dashboard pass 1";

let ipCounter = 0;
function loginIp(): string {
  ipCounter++;
  return `10.88.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Logs in and answers the Cookie header a browser would then send (age gate passed, session cookie). */
export async function signIn(email: string, password: string = TEST_PASSWORD): Promise<string> {
  const res = await fetchSelf("/api/auth/login", {
    method: "POST",
    body: JSON.stringify({ email, password }),
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": loginIp() },
    redirect: "manual",
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const match = res.headers.get("Set-Cookie")?.match(/(?:^|,\s*)((?:__Host-)?session=[^;]+)/);
  if (!match) throw new Error("login set no session cookie");
  return `age_verified=1; ${match[1]}`;
}

export type TestUser = { userId: string; email: string; password: string; cookie: string };

export type NewUser = Partial<{
  email: string;
  password: string;
  firstName: string;
  agency: boolean;
  accountType: string;
}>;

/** Inserts a user with a real password hash and signs them in. */
export async function createUserAndSignIn(o: NewUser = {}): Promise<TestUser> {
  const userId = newId();
  const email = o.email ?? `user-${userId}@test.nz`;
  const password = o.password ?? TEST_PASSWORD;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO users (id, email, first_name, password_hash, account_type, agency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      userId,
      email,
      o.firstName ?? "Owner",
      await hashPassword(password),
      o.accountType ?? "unpaid",
      o.agency ? 1 : 0,
      now,
      now,
    )
    .run();
  return { userId, email, password, cookie: await signIn(email, password) };
}
