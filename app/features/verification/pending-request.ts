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
  /** Sent after an upheld appeal reopened an earlier refusal: first in the queue (decision 0068). */
  fastTrack: boolean;
  /** Which document an ID request sent (null: a photo request). */
  documentType: IdDocument | null;
  changes: string;
  /** A photo request's photos to check, each with its earlier check if it had one (docs/decisions/0055). */
  photosToCheck: QueuePhoto[];
  /** What they are compared with: the listing's other verified photos, newest check first ... */
  verifiedPhotos: QueuePhoto[];
  /** ... and its last approved ID review (the documents themselves are deleted at the decision). */
  idReview: { decidedAt: number; documentType: IdDocument | null; photosSeen: QueuePhoto[] } | null;
};

export type QueuePhoto = { imageId: string; url: string; verifiedAt: number | null };
