// Production-only SMS settings (docs/decisions/0052-booking-requests.md). They are not in wrangler.toml, so
// `wrangler types` does not generate them: SMS_API_KEY is a secret, the others are deploy-time vars or secrets.
declare namespace Cloudflare {
  interface Env {
    SMS_API_URL?: string;
    SMS_API_USERNAME?: string;
    SMS_API_KEY?: string;
    SMS_FROM?: string;
  }
}
