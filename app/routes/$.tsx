import { redirect } from "@remix-run/cloudflare";

/** Any unknown route goes home (spec §2). */
export async function loader() {
  throw redirect("/");
}

export async function action() {
  throw redirect("/");
}
