import { Link } from "@remix-run/react";
import type { SyntheticEvent } from "react";
import type { FaqGroup } from "./faq";
import { ChevronDownIcon } from "~/ui/icons";

/** All questions share one name, so opening any question closes the one open before (spec: one at a time). */
export const FAQ_DETAILS_NAME = "faq-question";

/**
 * `<details name>` makes an exclusive accordion with no script in current browsers; older ones ignore
 * the name, so this closes the others by hand there (and is a no-op where the browser already did it).
 */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  const name = opened.getAttribute("name");
  if (!name) return;
  for (const other of document.querySelectorAll<HTMLDetailsElement>(`details[name="${name}"]`)) {
    if (other !== opened && other.open) other.open = false;
  }
}

export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  return (
    <div className="space-y-10">
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`} className="space-y-3">
          <h2 id={`faq-${group.id}`} className="text-2xl font-semibold">
            {group.title}
          </h2>
          {/* No overflow-hidden here: it would clip the focus ring of the first and last questions. */}
          <div className="divide-y divide-line rounded-xl border border-line bg-panel">
            {group.items.map((item) => (
              <details key={item.id} id={item.id} name={FAQ_DETAILS_NAME} className="group" onToggle={closeOthers}>
                <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 text-left font-medium text-white hover:text-accent-strong sm:px-5">
                  <span>{item.question}</span>
                  <ChevronDownIcon
                    width="20"
                    height="20"
                    className="shrink-0 text-accent transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="space-y-3 px-4 pb-4 text-zinc-300 sm:px-5">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {item.link ? (
                    <p>
                      <Link to={item.link.to} className="text-accent underline underline-offset-2">
                        {item.link.label}
                      </Link>
                    </p>
                  ) : null}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
