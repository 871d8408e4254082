// The Like button's form without JavaScript (docs/decisions/0028-nothing-wider-than-the-phone.md): POST likes (or,
// with liked=0, unlikes) the listing and goes back to its card on the page, shown liked; with JavaScript the
// button calls /api/profiles/{id}/like instead.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/platform/data/ids";
import { likeFromForm } from "~/features/catalogue/api.server";

export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(isId(params.modelId) ? `/view/${params.modelId}` : "/");

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  likeFromForm(request, context.cloudflare.env, context.cloudflare.ctx, params.modelId);
