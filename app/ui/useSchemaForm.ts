// Conform's form state for a zod schema: the browser checks what the server will check, before sending.
import { useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { parseForm } from "./form-submission";

export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  options: { shouldValidate?: "onSubmit" | "onBlur" | "onInput" } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    shouldValidate: options.shouldValidate,
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
}
