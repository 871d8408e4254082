import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { agencyPath, socialUrl, safeExternalUrl } from "~/core/profile";
import type { Profile } from "~/core/profile";
import { photoCheckSummary } from "~/core/photo-checks";
import { CheckBadgeIcon, InstagramIcon, PinIcon, XIcon } from "~/ui/icons";
import { ContactCard } from "./ContactCard";
import { Gallery } from "./Gallery";
import { highlightClass, ProfileSections } from "./ProfileSections";
import type { HighlightField } from "./ProfileSections";
import { OnTourLine } from "./TourStops";

type Props = {
  profile: Profile;
  /** Like and favourite buttons (left out of the editor preview). */
  actions?: ReactNode;
  highlight?: HighlightField;
  /** The editor's preview: nothing counts or dials. */
  preview?: boolean;
  /** A gallery photo was opened (the public page counts it). */
  onPhotoOpen?: (photoUrl: string) => void;
  /** When the page was made (the loader's clock), for the weekly hours' 'Available today'. */
  now: number;
};

/** The listing's own links (Instagram, Twitter, OnlyFans, a website), opened in a new tab and marked nofollow ugc. */
function SocialLinks({ profile, highlight }: { profile: Profile; highlight: HighlightField }) {
  const links = [
    {
      label: "Instagram",
      href: socialUrl("instagram", profile.instagram),
      icon: <InstagramIcon className="h-4 w-4" />,
    },
    { label: "Twitter", href: socialUrl("twitter", profile.twitter), icon: <XIcon className="h-4 w-4" /> },
    { label: "OnlyFans", href: socialUrl("onlyFans", profile.onlyFans), icon: null },
    { label: "Website", href: safeExternalUrl(profile.website), icon: null },
  ].filter((l): l is { label: string; href: string; icon: JSX.Element | null } => Boolean(l.href));
  if (!links.length) return null;
  return (
    <ul
      className={`flex flex-wrap gap-2 ${highlightClass(highlight, "instagram", "twitter", "onlyFans", "website")}`}
      aria-label="Social links"
    >
      {links.map((l) => (
        <li key={l.label}>
          <a
            href={l.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line px-3 text-sm text-zinc-200 hover:border-accent"
          >
            {l.icon}
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** 'Photos verified: 4 of 5, last checked November 2026' (docs/decisions/0055-each-photo-verified.md). */
function PhotoCheckLine({ images }: { images: Profile["images"] }) {
  const summary = photoCheckSummary(images);
  if (!summary) return null;
  const any = images.some((i) => i.verifiedAt != null);
  return (
    <p
      className={`flex items-center gap-1 text-sm ${any ? "text-sky-300" : "text-muted"}`}
      data-testid="photo-check-summary"
    >
      {any ? <CheckBadgeIcon className="h-4 w-4 shrink-0" /> : null}
      {summary}
    </p>
  );
}

/** The public profile, also drawn as the editor's live preview. */
export function ProfileView({ profile, actions, highlight = null, preview, now, onPhotoOpen }: Props) {
  const Name = preview ? "h2" : "h1";
  return (
    // One contact card: after the header on phones, a sticky column beside everything from 768 px.
    <article className="grid gap-5 md:grid-cols-[1fr_320px] md:gap-x-6" data-testid="profile">
      <div className={`md:col-start-1 ${highlightClass(highlight, "images")}`}>
        <Gallery images={profile.images} name={profile.firstName} onOpen={onPhotoOpen} now={now} />
      </div>
      <header className="space-y-2 md:col-start-1">
        <div className="flex flex-wrap items-center gap-3">
          {/* The editor's preview sits under the editor's own h1, so there the name is a level lower. */}
          <Name className={`flex items-center gap-2 text-3xl font-bold ${highlightClass(highlight, "firstName")}`}>
            {profile.firstName || "Your name"}
            {profile.verified ? <CheckBadgeIcon className="h-6 w-6 text-sky-400" title="Verified" /> : null}
          </Name>
          {actions}
        </div>
        <p
          className={`flex flex-wrap items-center gap-2 text-zinc-300 ${highlightClass(highlight, "age", "location", "suburb")}`}
        >
          {profile.age ? <span>{profile.age} years</span> : null}
          {profile.location ? (
            <span className="inline-flex items-center gap-1">
              <PinIcon className="h-4 w-4" />
              {profile.location}
              {profile.suburb ? `, ${profile.suburb}` : ""}
            </span>
          ) : null}
          {profile.tours ? <OnTourLine tours={profile.tours} now={now} /> : null}
        </p>
        <PhotoCheckLine images={profile.images} />
        {profile.agency && !preview ? (
          <p className="text-sm" data-testid="profile-agency">
            <Link
              to={agencyPath(profile.agency.slug)}
              className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-2"
            >
              {`With ${profile.agency.name}`}
            </Link>
          </p>
        ) : null}
        {profile.tagLine ? (
          <p className={`text-lg text-zinc-100 ${highlightClass(highlight, "tagLine")}`}>{profile.tagLine}</p>
        ) : null}
        <SocialLinks profile={profile} highlight={highlight} />
      </header>
      {/* Stuck below the header's 64 px (it comes back when the visitor scrolls up), not under it. */}
      <aside
        className={`md:sticky md:top-20 md:col-start-2 md:row-span-3 md:row-start-1 md:self-start ${highlightClass(highlight, "contactPhone")}`}
      >
        <ContactCard
          listingId={profile.modelId}
          firstName={profile.firstName}
          phone={profile.contactPhone}
          preview={preview}
          takesRequests={profile.takesRequests}
        />
      </aside>
      <div className="md:col-start-1">
        <ProfileSections profile={profile} highlight={highlight} now={now} />
      </div>
    </article>
  );
}
