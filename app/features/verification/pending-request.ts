// A request in the administrators' verification queue: what review-queue.server.ts reads, and what the queue's
// cards (components/RequestCard.tsx) show.
import type { IdDocument, VerificationKind } from "./verification";

export type PendingRequest = {
  id: string;
  kind: VerificationKind;
  listingId: string;
  listingName: string;
  location: string;
  listingVerified: boolean;
  listingPhotoVerified: boolean;
  accountName: string;
  createdAt: number;
  fileCount: number;
  /** Opened by the app after changes to a verified listing: what changed, for the administrator. */
  rereview: boolean;
  /** Which document an ID request sent (null: a photo request). */
  documentType: IdDocument | null;
  changes: string;
};
