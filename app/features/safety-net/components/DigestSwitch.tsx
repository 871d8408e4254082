// The daily e-mail about new alerts, on or off.
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { SECTION } from "./safety-net-views";

export function DigestSwitch({ digest, busy }: { digest: boolean; busy: boolean }) {
  return (
    <section aria-labelledby="digest-heading" className={SECTION}>
      <h2 id="digest-heading" className="text-xl font-semibold">
        E-mail
      </h2>
      <p className="text-sm text-zinc-300">
        {digest
          ? "You get an e-mail, at most once a day, when there is a new alert for your regions. Its subject says only that there is something new on your dashboard."
          : "Get an e-mail, at most once a day, when there is a new alert for your regions. It says nothing about the alert, only that there is something new on your dashboard."}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="digest" />
        <input type="hidden" name="value" value={digest ? "off" : "on"} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {digest ? "Stop the e-mails" : "E-mail me about new alerts"}
        </Button>
      </Form>
    </section>
  );
}
