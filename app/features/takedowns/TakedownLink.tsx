import { Link } from "@remix-run/react";

/**
 * The discreet 'This is me' line under a public profile, apart from 'Report': for a person listed, or whose
 * photos are used, without consent (docs/decisions/0063-takedown-cases.md). Works without JavaScript.
 */
export function TakedownLink({ listingId }: { listingId: string }) {
  return (
    <p className="text-sm text-muted">
      Is this you, or are these your photos, without your consent?{" "}
      <Link
        to={`/takedown/${listingId}`}
        rel="nofollow"
        className="inline-flex min-h-11 items-center text-zinc-300 underline underline-offset-2 hover:text-white"
        data-testid="takedown-link"
      >
        Ask us to take it down
      </Link>
    </p>
  );
}
