// The proof photo of an open takedown case, opened from its sealed copy for an administrator only, never
// cached (app/features/takedowns/proof.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { proofResponse } from "~/features/takedowns/pages.server";

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  proofResponse(request, params.caseId, context);
