import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert } from "./Alert";

/**
 * The one-shot notice a loader read from the flash cookie (app/features/site/flash.server.ts). The cookie is
 * spent by the first load, so a later revalidation of the same page answers without it; the notice stays
 * until the visitor goes somewhere else (a new location), not until the next background reload.
 */
export function useFlashNotice(notice: string | null | undefined): string | null {
  const { key } = useLocation();
  const [held, setHeld] = useState<{ key: string; notice: string } | null>(notice ? { key, notice } : null);
  useEffect(() => {
    if (notice) setHeld({ key, notice });
  }, [key, notice]);
  return notice || (held?.key === key ? held.notice : null);
}

export function FlashNotice({ notice, testId }: { notice: string | null | undefined; testId?: string }) {
  const shown = useFlashNotice(notice);
  return shown ? (
    <Alert tone="success" data-testid={testId}>
      {shown}
    </Alert>
  ) : null;
}
