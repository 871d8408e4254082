// Every JSON API route module is one declaration: `const api = apiRoute({...})`, exported as loader and
// action (plain exports: Remix strips server code from the client build only for those).
// The method check, the sign-in check and the thrown-Response convention live here once; the handler
// (a feature's api.server.ts) gets what it needs and answers a Response.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { SessionUser } from "./auth.server";
import { requireAdminApi, requireUserApi } from "./guards.server";
import { methodNotAllowed } from "~/platform/http/responses.server";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiAuth = "none" | "user" | "admin";

export type ApiCall<A extends ApiAuth> = {
  request: Request;
  params: LoaderFunctionArgs["params"];
  context: AppLoadContext;
  env: Env;
  ctx: ExecutionContext;
  cf: AppLoadContext["cloudflare"]["cf"];
  /** The signed-in user for "user" and "admin" routes (an administrator for "admin"); null for "none". */
  user: A extends "none" ? null : SessionUser;
};

export type ApiRouteSpec<A extends ApiAuth> = {
  method: HttpMethod | readonly HttpMethod[];
  auth: A;
  handler: (call: ApiCall<A>) => Promise<Response> | Response;
};

type RouteArgs = LoaderFunctionArgs | ActionFunctionArgs;

export function apiRoute<A extends ApiAuth>(spec: ApiRouteSpec<A>) {
  const methods: readonly HttpMethod[] = typeof spec.method === "string" ? [spec.method] : spec.method;
  const allow = methods.join(", ");

  async function handle({ request, params, context }: RouteArgs): Promise<Response> {
    const method = request.method.toUpperCase();
    // HEAD is a GET without the body, as the loaders always answered it.
    if (!methods.includes((method === "HEAD" ? "GET" : method) as HttpMethod)) return methodNotAllowed(allow);
    try {
      const user =
        spec.auth === "admin"
          ? await requireAdminApi(request, context)
          : spec.auth === "user"
            ? await requireUserApi(request, context)
            : null;
      const { env, ctx } = context.cloudflare;
      const call = {
        request,
        params,
        context,
        env,
        ctx,
        user,
        // Read when a handler asks: the runtime parses the whole cf object on first read (workers/app.ts).
        get cf() {
          return context.cloudflare.cf;
        },
      };
      return await spec.handler(call as ApiCall<A>);
    } catch (error) {
      // Helpers below signal a finished answer (401, 403, 413) by throwing it.
      if (error instanceof Response) return error;
      throw error;
    }
  }

  // Remix sends GET and HEAD to the loader and every other method to the action.
  return { loader: handle, action: handle };
}
