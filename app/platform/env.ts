// Which deployment this is, asked one way everywhere. Local development and the tests run with
// APP_ENV=development (.dev.vars, wrangler.test.toml); wrangler.toml deploys with APP_ENV=production.
export function isDevelopment(env: Pick<Env, "APP_ENV">): boolean {
  return env.APP_ENV === "development";
}

/** Cookies are Secure (and __Host- prefixed) everywhere but plain-http local development. */
export function cookieIsSecure(env: Pick<Env, "APP_ENV">): boolean {
  return !isDevelopment(env);
}
