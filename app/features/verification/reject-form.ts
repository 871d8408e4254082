// The reject form's one field, judged by the rule the server applies when it decides (parseRejectReason): the
// form in the browser and the queue's action on the server read it with the same parse.
import { z } from "zod";
import { parseForm } from "~/ui/form-submission";
import { parseRejectReason } from "./verification";

const rejectSchema = z.object({
  reason: z.unknown().superRefine((value, ctx) => {
    const parsed = parseRejectReason(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  }),
});

export const parseReject = (form: FormData) => parseForm(form, rejectSchema);
