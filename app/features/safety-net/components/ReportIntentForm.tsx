// The Safety Net's forms on one report or alert: each posts an intent and the report's id (alerts share their
// report's id), so they work without JavaScript and the page's action knows what to do to which.
import type { ReactNode } from "react";
import { Form } from "@remix-run/react";

export function ReportIntentForm({
  intent,
  reportId,
  className,
  children,
}: {
  intent: string;
  reportId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reportId" value={reportId} />
      {children}
    </Form>
  );
}
