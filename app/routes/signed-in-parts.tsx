// The page frame alone, for the signed-in person whose cookie the request carries: the Worker renders it to
// take their account parts from (app/features/shell/signed-in-page.server.ts; docs/decisions/0070). Only the
// Worker's own render (its load context says `accountParts`) gets it; to anyone else the path does not exist.
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NOINDEX, PRIVATE_NO_STORE, pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => [NOINDEX];

export function loader({ context }: LoaderFunctionArgs) {
  if (context.accountParts !== true) throw new Response("Not found", { status: 404 });
  return data(null, { headers: PRIVATE_NO_STORE });
}

export const headers = pipeHeaders;

export default function SignedInParts() {
  return null;
}
