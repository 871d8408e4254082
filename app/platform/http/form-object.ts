// Reading a form the same way wherever it arrives (a page action, the JSON API's form bodies).
/**
 * FormData as a plain object for the schemas: the first value of each name. A file part stays a File,
 * which the string schemas refuse, rather than being read as its name.
 */
export function formToObject(form: FormData): Record<string, unknown> {
  // No prototype: a field called "__proto__" or "constructor" is just a field.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of form.entries()) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}
