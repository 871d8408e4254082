// The Worker as deployed, asked over https by a phone's browser on the site: production's origin and host, a
// browser's User-Agent (a bot's skips work a person's request does) and the age cookie. Tests that check
// what production does with a given set of settings pass those settings as `deployed`.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { freshIp } from "./client";

export const SITE = "https://kiwicompanions.co.nz";

/** wrangler.toml's production vars over the test bindings; add the secrets a test's deploy was given. */
export const production = { ...env, APP_ENV: "production", SITE_ORIGIN: SITE };

export async function inProduction(
  deployed: object,
  path: string,
  init: RequestInit & { cookie?: string } = {},
  ip = freshIp(),
) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", ip);
  headers.set("Origin", SITE);
  headers.set("Host", new URL(SITE).host);
  headers.set("User-Agent", "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36");
  headers.set("Cookie", ["age_verified=1", init.cookie].filter(Boolean).join("; "));
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${SITE}${path}`, { ...init, headers, redirect: "manual" }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    deployed as Env,
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, headers: res.headers };
}
