// Every form is read the same way in the browser and on the server: Conform parses the FormData against the
// zod schema with no automatic coercion, so the schema alone says what text it accepts and both sides agree.
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

export function parseForm<Schema extends z.ZodType>(form: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}
