// A worker's own consent to an agency listing: the face of consent/ (docs/decisions/0058-worker-consent-and-agency-checks.md).
export { CONSENT_LINK, CONSENT_MSG, CONSENT_PATH } from "./consent/link.server";
export {
  askWorker,
  consentSummariesQuery,
  toConsentSummaries,
  mailWaitingAsks,
  type AskResult,
  type ConsentSummary,
} from "./consent/ask.server";
export { decideConsent, openConsent, type ConsentView, type Decision } from "./consent/decide.server";
