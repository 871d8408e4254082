// The 'Request a booking' form's first step: what the provider's template asks for, and the mobile number a
// code goes to. A plain form post (works without JavaScript); every refusal shows beside its field.
import { Form, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { ErrorList } from "~/ui/ErrorList";
import { Field } from "~/ui/Field";
import { CODE_MINUTES } from "../limits";
import { LENGTHS, MESSAGE_MAX, NAME_MAX, PLACES, SUBURB_MAX } from "../request-rules";
import type { RequestField } from "../request-rules";

type Props = {
  firstName: string;
  today: string;
  lastDay: string;
  errors: Partial<Record<RequestField | "form", string>>;
  values: Record<string, string>;
};

export function RequestForm({ firstName, today, lastDay, errors, values }: Props) {
  const busy = useNavigation().state !== "idle";
  const e = (name: RequestField) => (errors[name] ? [errors[name]] : null);
  const place = values.place ?? "";
  return (
    <Form method="post" className="space-y-5" noValidate data-testid="booking-form">
      <input type="hidden" name="intent" value="send" />
      <Alert tone="error" reveal={errors.form} data-testid="booking-form-error">
        {errors.form}
      </Alert>
      <Field
        label="Name to use"
        description="Any name you like: it is how the request is shown."
        errors={e("name")}
        input={{
          id: "name",
          name: "name",
          type: "text",
          autoComplete: "off",
          maxLength: NAME_MAX,
          required: true,
          defaultValue: values.name,
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Date"
          errors={e("date")}
          input={{
            id: "date",
            name: "date",
            type: "date",
            min: today,
            max: lastDay,
            required: true,
            defaultValue: values.date,
          }}
        />
        <Field
          label="Time"
          errors={e("time")}
          input={{ id: "time", name: "time", type: "time", step: 900, required: true, defaultValue: values.time }}
        />
      </div>
      <Field
        label="How long"
        errors={e("length")}
        select={{ id: "length", name: "length", required: true, defaultValue: values.length ?? "" }}
      >
        <option value="" disabled>
          Choose…
        </option>
        {LENGTHS.map((l) => (
          <option key={l.minutes} value={String(l.minutes)}>
            {l.label}
          </option>
        ))}
      </Field>
      <fieldset className="space-y-2" aria-describedby={errors.place ? "place-error" : undefined}>
        <legend className="font-medium">Incall or outcall</legend>
        {PLACES.map((p) => (
          <label key={p.id} className="flex min-h-11 items-center gap-3 rounded-lg border border-line px-3">
            <input
              type="radio"
              name="place"
              value={p.id}
              defaultChecked={place === p.id}
              required
              className="h-5 w-5 accent-accent"
            />
            <span>{p.label}</span>
          </label>
        ))}
        <ErrorList id="place-error" errors={e("place")} />
      </fieldset>
      <Field
        label="Your suburb (for an outcall)"
        errors={e("suburb")}
        input={{
          id: "suburb",
          name: "suburb",
          type: "text",
          autoComplete: "off",
          maxLength: SUBURB_MAX,
          defaultValue: values.suburb,
        }}
      />
      <Field
        label="Short message (optional)"
        errors={e("message")}
        textarea={{ id: "message", name: "message", rows: 3, maxLength: MESSAGE_MAX, defaultValue: values.message }}
      />
      <Field
        label="Your mobile number"
        description={`We text you a code to prove it is yours (it works for ${CODE_MINUTES} minutes). ${firstName} sees the number with your request; it is deleted afterwards.`}
        errors={e("phone")}
        input={{
          id: "phone",
          name: "phone",
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel",
          maxLength: 20,
          required: true,
          defaultValue: values.phone,
        }}
      />
      <Button type="submit" busy={busy} block size="lg">
        Text me a code
      </Button>
    </Form>
  );
}
