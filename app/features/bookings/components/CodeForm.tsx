// The code step: the six digits from the text, then the request goes. A new code can be asked for (within the
// limits); a wrong code says how many tries are left, beside the field.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { CODE_DIGITS, CODE_MINUTES, CODE_TRIES } from "../limits";

type Props = {
  codeId: string;
  masked: string;
  errors: Partial<Record<"code" | "form", string>>;
  resent?: boolean;
};

export function CodeForm({ codeId, masked, errors, resent }: Props) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-5" data-testid="booking-code-step">
      <p>
        We sent a code to <strong className="whitespace-nowrap">{masked}</strong>
        {resent ? " again" : ""}. It works for {CODE_MINUTES} minutes, and {CODE_TRIES} tries.
      </p>
      <Alert tone="error" reveal={errors.form} data-testid="booking-code-error">
        {errors.form}
      </Alert>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="codeId" value={codeId} />
        <input type="hidden" name="masked" value={masked} />
        <Field
          label="Code from the text"
          errors={errors.code ? [errors.code] : null}
          input={{
            id: "code",
            name: "code",
            type: "text",
            inputMode: "numeric",
            autoComplete: "one-time-code",
            pattern: "[0-9]*",
            maxLength: CODE_DIGITS + 2,
            required: true,
          }}
        />
        <Button type="submit" busy={busy} block size="lg">
          Send the request
        </Button>
      </Form>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="codeId" value={codeId} />
        <input type="hidden" name="masked" value={masked} />
        <Button type="submit" variant="secondary" busy={busy}>
          Send a new code
        </Button>
        <Link to="." className="min-h-11 content-center text-accent underline underline-offset-2">
          Start again
        </Link>
      </Form>
    </div>
  );
}
