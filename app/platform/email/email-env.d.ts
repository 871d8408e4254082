// Production-only e-mail settings (docs/accounts.md). They are not in wrangler.toml, so `wrangler types`
// does not generate them: EMAIL_API_KEY is a secret, the other two are deploy-time vars.
declare namespace Cloudflare {
  interface Env {
    EMAIL_API_URL?: string;
    EMAIL_API_KEY?: string;
    EMAIL_FROM?: string;
  }
}
