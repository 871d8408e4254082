// Placeholder owner dashboard: proves the protected-route flow until the real dashboard replaces it.
import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/server/auth.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Kiwi Companions" }, { name: "robots", content: "noindex" }];

// Per-person pages: the loader's Cache-Control: no-store reaches the document response.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Routes match case-insensitively; /Dashboard (the spec's spelling) settles on one address.
  if (url.pathname !== "/dashboard") throw redirect(`/dashboard${url.search}`, 301);
  const user = await requireUser(request, context);
  return data({ firstName: user.firstName, agency: user.agency }, { headers: { "Cache-Control": "no-store" } });
}

export default function Dashboard() {
  const { firstName, agency } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Dashboard</h1>
        <Form method="post" action="/logout">
          <button type="submit" className="inline-flex min-h-11 items-center rounded-lg border border-line px-4 font-semibold">
            Sign Out
          </button>
        </Form>
      </div>
      <p className="text-lg">Hi, {firstName}</p>
      <p className="text-muted">{agency ? "Your Listings" : "Your Listing"} will appear here.</p>
      <Link to="/" className="inline-flex min-h-11 items-center text-accent">
        Back to all listings
      </Link>
    </div>
  );
}
