import { Link } from "@remix-run/react";
import type { ListingCardData } from "~/core/listing-card";
import { formatDollarAmount } from "~/platform/money";
import { cardTourText } from "~/core/tour-text";
import { cardShiftText } from "~/core/roster";
import { formatRange } from "~/core/weekly-schedule";
import { CARD_SIZES } from "~/features/photos/variants";
import { ActivityBadge } from "./ActivityBadge";
import { AdminBadges, AdminListingMenu } from "~/features/moderation/LazyAdminListingMenu";
import { FavouriteButton } from "~/features/likes/FavouriteButton";
import { LikeButton } from "~/features/likes/LikeButton";
import { listingAnchor } from "~/core/listing-card";
import { CheckBadgeIcon, PinIcon } from "~/ui/icons";
import { Photo } from "~/features/photos/Photo";

// The grid's layout, for the pages outside this folder that lay cards out.
export { FIRST_ROW, GRID_CLASSES, SKELETONS, SkeletonCard } from "./grid/grid-layout";

type CardProps = {
  card: ListingCardData;
  now: number;
  /** In the first row of a grid: its photo loads at once, before other images (the rest load lazily). */
  firstRow?: boolean;
  /** Where a click goes: the profile by default (search results use /profile/{id}, as the spec has it). */
  href?: string;
  /** The administrators' grid: 'Unverified' / 'Hidden' badges and the action menu. */
  admin?: boolean;
  /** A line of the page's own under the place (the agency page's 'Working today 18:00–02:00'). */
  note?: string | null;
};

export function ListingCard({ card, now, firstRow, href, admin, note }: CardProps) {
  const price = formatDollarAmount(card.rate60);
  return (
    // The name is the card's one link, stretched over the whole card by its ::after, so the like and
    // favourite buttons can sit on the photo without being nested inside a link.
    // The id is where a like posted without JavaScript lands again (likes.ts: afterFormLike).
    <article id={listingAnchor(card.modelId)} className="group card scroll-mt-4" data-testid="listing-card">
      <div className="card-photo">
        <Photo
          src={card.cover?.url}
          alt={`Photo of ${card.firstName}`}
          width={card.cover?.width ?? 600}
          height={card.cover?.height ?? 800}
          priority={firstRow}
          sizes={CARD_SIZES}
          className="card-img"
        />
        <div className="card-tags">
          {card.featured ? <span className="tag tag-featured">FEATURED</span> : null}
          {admin ? <AdminBadges card={card} /> : null}
          {card.hot ? <span className="tag tag-hot">Hot</span> : null}
          <ActivityBadge active={card.active} activeUntil={card.activeUntil} now={now} />
          {card.tour?.here ? (
            <span className="tag tag-tour" data-testid="touring-badge">
              {cardTourText(card.tour)}
            </span>
          ) : null}
        </div>
        <div className="card-actions">
          <LikeButton listingId={card.modelId} name={card.firstName} compact />
          <FavouriteButton listingId={card.modelId} name={card.firstName} compact />
        </div>
      </div>
      <div className="card-body">
        <Link to={href ?? `/view/${card.modelId}`} prefetch="intent" className="card-link">
          <h3 className="card-title">
            <span className="truncate">{card.firstName}</span>
            {/* One text node (no React separator between the comma and the age). */}
            {card.age ? <span className="card-age">{`, ${card.age}`}</span> : null}
            {card.photoVerified ? (
              <CheckBadgeIcon className="ml-1 h-4 w-4 shrink-0 text-sky-400" title="Verified photos" />
            ) : null}
          </h3>
        </Link>
        <p className="card-tagline">{card.tagLine}</p>
        <p className="card-place">
          <PinIcon className="h-3.5 w-3.5 shrink-0" />
          <span className="truncate">
            {card.location}
            {card.suburb ? <span>{` · ${card.suburb}`}</span> : null}
          </span>
        </p>
        {note ? (
          <p className="text-xs font-semibold text-emerald-300" data-testid="card-note">
            {note}
          </p>
        ) : card.shift ? (
          <p
            className={`text-xs font-semibold ${card.shift === "off" ? "text-muted" : "text-emerald-300"}`}
            data-testid="card-shift"
          >
            {card.shift === "off" ? (
              cardShiftText(card.shift)
            ) : (
              // The range kept on one line: '18:00–' and '02:00' apart read as two times.
              <>
                Working today <span className="whitespace-nowrap">{formatRange(card.shift)}</span>
              </>
            )}
          </p>
        ) : null}
        {card.tour && !card.tour.here ? (
          // Wraps rather than being cut: 'On tour in Wellington u…' said neither where nor until when.
          <p className="text-xs leading-snug text-violet-300" data-testid="on-tour">
            {cardTourText(card.tour)}
          </p>
        ) : null}
        {price ? (
          <p className="text-sm">
            <span className="font-semibold text-accent">{price}</span> <span className="text-muted">1 hour</span>
          </p>
        ) : null}
        {admin ? <AdminListingMenu card={card} /> : null}
      </div>
    </article>
  );
}
