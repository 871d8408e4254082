import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { verificationRequestApi } from "~/server/admin-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** POST multipart frontLicense, backLicense: the owner asks for ID verification of a listing. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  verificationRequestApi(request, context, params.modelId, "id");
export const loader = () => methodNotAllowed("POST");
