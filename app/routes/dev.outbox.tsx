// Local-only mailbox: every e-mail and text message the app "sent" in development, newest first, links clickable.
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { linkify } from "~/platform/email/linkify";
import { listDevOutbox, usesDevOutbox } from "~/platform/email/email.server";
import { devToolsAllowed } from "~/platform/http/site-origin.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Dev outbox");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  // Development only, and only to this machine: a deploy that forgot APP_ENV, or a tunnel to a laptop,
  // must not publish everyone's reset links.
  if (!usesDevOutbox(env) || !devToolsAllowed(env, request)) throw new Response("Not found", { status: 404 });
  return data({ messages: await listDevOutbox(env) }, { headers: NO_STORE });
}

export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Dev outbox</h1>
      <p className="text-sm text-muted">
        E-mails and text messages are stored here instead of being sent while APP_ENV is "development".
      </p>
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      <ol className="space-y-4">
        {messages.map((m) => (
          <li
            key={m.id}
            className="space-y-2 rounded-xl border border-line bg-panel p-4"
            data-testid="outbox-message"
            data-channel={m.channel}
          >
            <div className="text-sm text-muted">
              {m.channel === "sms" ? "Text to " : "To "}
              <span className="text-white">{m.to}</span> ·{" "}
              <time dateTime={new Date(m.createdAt).toISOString()}>{new Date(m.createdAt).toISOString()}</time>
            </div>
            <h2 className="font-semibold">{m.subject}</h2>
            <p className="whitespace-pre-wrap break-words text-sm">
              {linkify(m.text).map((piece, i) =>
                piece.kind === "link" ? (
                  <a key={i} href={piece.href} className="text-accent underline">
                    {piece.href}
                  </a>
                ) : (
                  <span key={i}>{piece.value}</span>
                ),
              )}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
