// The seed's one way into the local D1 and R2 (drizzle/seed/store.ts starts it in workerd): the seed sends its
// statements and pictures here over plain HTTP (Miniflare's dispatchFetch) instead of calling the bindings
// through wrangler's platform proxy, whose synchronous calls can lose an answer on a busy machine
// (docs/decisions/0046-seeding-without-the-synchronous-proxy.md). It answers only to the run's random token.
// Plain JavaScript: workerd runs this file as it is.

/** @param {Request} request @param {{ DB: D1Database; PHOTOS: R2Bucket; SEED_STORE_TOKEN: string }} env */
async function answer(request, env) {
  if (request.headers.get("X-Seed-Store-Token") !== env.SEED_STORE_TOKEN) {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
  const url = new URL(request.url);
  if (request.method === "PUT" && url.pathname.startsWith("/photos/")) {
    const key = decodeURIComponent(url.pathname.slice("/photos/".length));
    const contentType = request.headers.get("Content-Type") ?? "application/octet-stream";
    await env.PHOTOS.put(key, await request.arrayBuffer(), { httpMetadata: { contentType } });
    return Response.json({ ok: true });
  }
  if (request.method !== "POST") return Response.json({ error: "unknown request" }, { status: 400 });
  /** @type {{ op: string; statement?: Statement; statements?: Statement[]; keys?: string[] }} */
  const body = await request.json();
  /** @typedef {{ sql: string; params: unknown[] }} Statement */
  /** @param {Statement} s */
  const prepare = (s) => env.DB.prepare(s.sql).bind(...s.params);
  switch (body.op) {
    case "all":
      return Response.json({ rows: (await prepare(body.statement).all()).results });
    case "batch":
      // One D1 batch: one transaction, all or nothing.
      await env.DB.batch(body.statements.map(prepare));
      return Response.json({ ok: true });
    case "deletePhotos":
      // R2 deletes at most 1,000 keys a call.
      for (let i = 0; i < body.keys.length; i += 1000) await env.PHOTOS.delete(body.keys.slice(i, i + 1000));
      return Response.json({ ok: true });
  }
  return Response.json({ error: `unknown op ${body.op}` }, { status: 400 });
}

export default {
  /** @param {Request} request @param {{ DB: D1Database; PHOTOS: R2Bucket; SEED_STORE_TOKEN: string }} env */
  async fetch(request, env) {
    try {
      return await answer(request, env);
    } catch (error) {
      return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
    }
  },
};
