// Two-factor offered at the start (docs/decisions/0056-two-factor-offered-at-the-start.md): where confirming the
// address leads a new provider. A passkey or the authenticator app, one line on why, and 'Skip for now' on to
// where they were going. An account with two-factor on goes straight on.
import { data, redirect } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { requireUser } from "~/features/accounts/guards.server";
import { hasTotp } from "~/features/accounts/second-factor/totp.server";
import { loadPasskeySection } from "~/features/accounts/second-factor/passkeys.server";
import { PasskeysSection } from "~/features/accounts/second-factor/PasskeysSection";
import { TwoFactorOfferPanel } from "~/features/accounts/second-factor/TwoFactorOffer";
import { TWO_FACTOR_OFFER } from "~/features/accounts/second-factor/two-factor-offer";
import { AFTER_LOGIN_DEFAULT, safeRedirectTo } from "~/features/accounts/auth-redirect";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta(TWO_FACTOR_OFFER.title);
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  const next = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo") ?? AFTER_LOGIN_DEFAULT);
  if (await hasTotp(env, user.id)) throw redirect(next, { headers: NO_STORE });
  const passkeys = await loadPasskeySection(request, env, user.id);
  return data({ next, passkeys }, { headers: NO_STORE });
}

export default function SecureAccount() {
  const { next, passkeys } = useLoaderData<typeof loader>();
  return (
    <InfoPage title={TWO_FACTOR_OFFER.title}>
      <TwoFactorOfferPanel next={next} passkeys={<PasskeysSection {...passkeys} />} />
    </InfoPage>
  );
}
