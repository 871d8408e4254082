// docs/schema.sql is the schema a successor reads instead of 50 migrations: this keeps it true. The test
// database has every migration applied (tests/workers/setup.ts); its definitions, written out the way
// `npm run schema` writes them, must be the file's text.
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import current from "../../docs/schema.sql?raw";
import { SCHEMA_QUERY, schemaText } from "../../scripts/schema-text.mjs";

it("docs/schema.sql is what the migrations make (run `npm run schema` after adding one)", async () => {
  const { results } = await env.DB.prepare(SCHEMA_QUERY).all<{
    type: string;
    name: string;
    tbl_name: string;
    sql: string;
  }>();
  expect(results.length).toBeGreaterThan(40);
  expect(schemaText(results)).toBe(current);
});
