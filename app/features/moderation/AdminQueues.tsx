// 'What is waiting for you' on the administrators' home: a card per queue (./admin-home.ts), each a link to its
// screen with how many wait; a queue with a promise of time also shows how long its oldest has waited and, in
// words and colour, how many are past the promise.
import { Link } from "@remix-run/react";
import type { QueueCard } from "./admin-home";

export function AdminQueues({ queues }: { queues: QueueCard[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-queues">
      {queues.map((q) => (
        <li key={q.key}>
          <Link
            to={q.to}
            className={`flex min-h-11 flex-col gap-1 rounded-2xl border p-4 hover:bg-panel focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent ${
              q.overdue > 0 ? "border-rose-400" : "border-line"
            }`}
            data-testid={`queue-${q.key}`}
            data-count={q.count}
            data-overdue={q.overdue}
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-semibold">{q.label}</span>
              <span className={`text-2xl font-bold ${q.count > 0 ? "text-accent" : "text-muted"}`}>{q.count}</span>
            </span>
            <span className="text-sm text-muted">{q.count > 0 ? q.what : q.none}</span>
            {q.oldest ? (
              <span className="text-sm text-zinc-200" data-testid={`queue-${q.key}-oldest`}>
                Oldest waiting {q.oldest}.
              </span>
            ) : null}
            {q.overdueText ? (
              <span
                className="self-start rounded-full bg-rose-500 px-2.5 py-0.5 text-xs font-bold text-ink"
                data-testid={`queue-${q.key}-overdue`}
              >
                Overdue: {q.overdueText}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
