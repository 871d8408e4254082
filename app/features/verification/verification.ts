// Identity and photo verification (spec provider §2, §4, §5, §8): who may ask, what files, and the exact
// messages. Pure: the pages check files in the browser with these before sending, and the server checks
// again with the same rules (the check that counts).
import type { VisibilityInputs } from "~/features/listings/visibility";
import { newId } from "~/platform/data/ids";
import { NOTICE } from "~/features/site/messages";
import { VERIFICATION_PREFIX } from "~/core/photo-keys";
import { sniffImage, VERIFY_MAX_BYTES } from "~/features/photos/rules";

/** Verify Photos needs this many photos on a listing (spec §4, photo verification). */
export const PHOTO_VERIFY_MIN_IMAGES = 4;

export type VerificationKind = "id" | "photo";
export type VerificationStatus = "pending" | "approved" | "rejected";

export function verificationKey(): string {
  return `${VERIFICATION_PREFIX}${newId(24)}.webp`;
}

/** The multipart field names of each kind (spec §3, §7). */
export const ID_FIELDS = ["frontLicense", "backLicense"] as const;
export const PHOTO_FIELDS = ["photo1", "photo2", "photo3"] as const;

export function fieldsOf(kind: VerificationKind): readonly string[] {
  return kind === "id" ? ID_FIELDS : PHOTO_FIELDS;
}

// ---------------------------------------------------------------------------------------------------
// Which document (the provider picks). The spec asked for both sides of a driver licence; many providers have
// a passport or an 18+ card (Kiwi Access) instead, and a passport has one page that matters. What the check
// needs is a photo of the person, their name, their date of birth and that the document is current: the
// rest (document number, address, signature) the provider may cover.

export const ID_DOCUMENTS = ["passport", "nz_licence", "kiwi_access"] as const;
export type IdDocument = (typeof ID_DOCUMENTS)[number];
/** What a request without a choice is (the JSON API of the spec sends a licence's front and back). */
export const DEFAULT_ID_DOCUMENT: IdDocument = "nz_licence";

export type DocumentFile = { field: (typeof ID_FIELDS)[number]; label: string; shows: string };

export const ID_DOCUMENT_INFO: Record<IdDocument, { name: string; files: readonly DocumentFile[] }> = {
  passport: {
    name: "Passport",
    files: [
      {
        field: "frontLicense",
        label: "Passport photo page",
        shows: "The page with your photo: your face, your name, your date of birth and the expiry date.",
      },
    ],
  },
  nz_licence: {
    name: "NZ driver licence",
    files: [
      {
        field: "frontLicense",
        label: "Front of licence",
        shows: "Your photo, your name, your date of birth and the expiry date.",
      },
      {
        field: "backLicense",
        label: "Back of licence",
        shows: "The whole back of the card, so we can see it is the same licence.",
      },
    ],
  },
  kiwi_access: {
    name: "18+ card (Kiwi Access)",
    files: [
      {
        field: "frontLicense",
        label: "Front of card",
        shows: "Your photo, your name, your date of birth and the expiry date.",
      },
      {
        field: "backLicense",
        label: "Back of card",
        shows: "The whole back of the card, so we can see it is the same card.",
      },
    ],
  },
};

/** Said on the form, for every document. */
export const ID_COVER_NOTE =
  "You may cover what the check does not need, for example with a finger or a strip of paper: the document number, your address and your signature. Keep your photo, your name, your date of birth and the expiry date readable, and all four corners in the picture.";

export const ID_DOCUMENT_MSG = {
  choose: "Choose the document you are sending.",
  unknown: "Choose a passport, an NZ driver licence or an 18+ card (Kiwi Access).",
} as const;

export function isIdDocument(value: unknown): value is IdDocument {
  return typeof value === "string" && (ID_DOCUMENTS as readonly string[]).includes(value);
}

/** The file fields a request must carry: for an ID request, those of its document. */
export function fieldsFor(kind: VerificationKind, document: IdDocument | null): readonly string[] {
  if (kind === "photo") return PHOTO_FIELDS;
  return ID_DOCUMENT_INFO[document ?? DEFAULT_ID_DOCUMENT].files.map((f) => f.field);
}

/** The queue's caption of each file of a request (a photo request's, or an ID request's by its document). */
export function fileLabelsFor(kind: VerificationKind, document: IdDocument | null, count: number): string[] {
  if (kind === "photo") return Array.from({ length: count }, (_, i) => `Verification photo ${i + 1}`);
  return ID_DOCUMENT_INFO[document ?? DEFAULT_ID_DOCUMENT].files.map((f) => f.label).slice(0, count);
}

/** Largest multipart body each kind may send: its files plus room for the framing. */
export function maxRequestBytes(kind: VerificationKind): number {
  return fieldsOf(kind).length * VERIFY_MAX_BYTES + 64 * 1024;
}

// Spec §5 and §8, word for word where the spec gives the words.
export const ID_MSG = {
  front: "Please upload the front of your license.",
  back: "Please upload the back of your license.",
  type: "Invalid file type. Please upload a JPG, JPEG, PNG, or WEBP file.",
  size: "File is too large. Maximum size is 5MB.",
  selectModel: "Please select a model.",
  success: NOTICE.verificationSent,
  fallback: "Verification request failed",
  failure: (message: string) => `Failed to submit verification request: ${message}`,
} as const;

export const PHOTO_VERIFY_MSG = {
  size: "File is too large (max 5MB).",
  type: "Invalid file type (JPG, PNG, WEBP only).",
  missing: "Please select a model and upload all three photos.",
  success: NOTICE.photosSent,
  fallback: "Photo verification request failed",
  failure: (message: string) => `Error: ${message}`,
} as const;

/**
 * What the page shows when the submit itself failed (the network dropped, or the server broke) rather than
 * being refused: the spec's failure text, with the error's message for Get Verified (fallback 'Verification
 * request failed') and the photo form's own fallback, since no server error came back.
 */
/** `error` is the spec's failure text; `message` the bare reason, shown beside `field` when there is one. */
export type VerificationFormResult = { error: string; message: string; field?: string };

export function submitFailure(kind: VerificationKind, error: unknown): { error: string; message: string } {
  if (kind === "photo")
    return { error: PHOTO_VERIFY_MSG.failure(PHOTO_VERIFY_MSG.fallback), message: PHOTO_VERIFY_MSG.fallback };
  const message = error instanceof Error && error.message ? error.message : ID_MSG.fallback;
  return { error: ID_MSG.failure(message), message };
}

/** Our own wording for what the spec does not word. */
export const VERIFY_MSG = {
  dimensions: "Images wider or taller than 8000 px can't be used.",
  process: "This image could not be read. Please try another photo.",
  notYours: "You do not have access to this listing",
  invalidModel: "Invalid model id",
  alreadyVerified: "This listing is already verified.",
  tooFewPhotos: `A listing needs at least ${PHOTO_VERIFY_MIN_IMAGES} photos before its photos can be verified.`,
  pendingId: "A verification request for this listing is already waiting for review.",
  pendingPhoto: "A photo verification request for this listing is already waiting for review.",
  tooManyFiles: "Send one file per field.",
  rateLimited: "Too many requests, please wait a minute and try again.",
} as const;

export type FileCheck = "size" | "type";

/** The message for a file problem in each kind's wording. */
export function fileMessage(kind: VerificationKind, problem: FileCheck | "dimensions" | "process"): string {
  if (problem === "dimensions") return VERIFY_MSG.dimensions;
  if (problem === "process") return VERIFY_MSG.process;
  return kind === "id" ? ID_MSG[problem] : PHOTO_VERIFY_MSG[problem];
}

/**
 * Why a file cannot be sent, judged on its size and first bytes (never its name or claimed type): the
 * message, or null when it may be sent. The browser runs this on selection, the server again on receipt.
 */
export function verificationFileProblem(kind: VerificationKind, size: number, head: Uint8Array): string | null {
  if (size <= 0 || size > VERIFY_MAX_BYTES) return fileMessage(kind, "size");
  if (!sniffImage(head)) return fileMessage(kind, "type");
  return null;
}

/** The message for a missing file field. */
export function missingFileMessage(kind: VerificationKind, field: string, document: IdDocument | null = null): string {
  if (kind === "photo") return PHOTO_VERIFY_MSG.missing;
  // The spec's words for a licence; the same sentence for the other documents.
  if (document === "passport") return "Please upload the photo page of your passport.";
  if (document === "kiwi_access")
    return field === "backLicense" ? "Please upload the back of your card." : "Please upload the front of your card.";
  return field === "backLicense" ? ID_MSG.back : ID_MSG.front;
}

/** Get Verified lists listings whose verified flag is false (spec §2). */
export function canRequestId(listing: { verified: boolean }): boolean {
  return !listing.verified;
}

/**
 * Photo verification lists the listings with a photo that may be sent for checking (spec §4 asked for listings
 * not photo-verified with at least 4 photos; each photo now has its own check: photo-checks.ts).
 */
export function canRequestPhoto(listing: { checkable: number }): boolean {
  return listing.checkable > 0;
}

/** The refusal for a listing that cannot be put forward for an ID check, or null (photos: photo-checks.ts). */
export function eligibilityError(listing: { verified: boolean }): string | null {
  return canRequestId(listing) ? null : VERIFY_MSG.alreadyVerified;
}

export function pendingMessage(kind: VerificationKind): string {
  return kind === "id" ? VERIFY_MSG.pendingId : VERIFY_MSG.pendingPhoto;
}

export function kindLabel(kind: VerificationKind): string {
  return kind === "id" ? "ID verification" : "Photo verification";
}

/** A rejection's reason: required, at most this long. */
export const REJECT_REASON_MAX = 500;
export const REJECT_MSG = {
  required: "Please give the provider a reason.",
  tooLong: `The reason can be at most ${REJECT_REASON_MAX} characters.`,
} as const;

/** The reason as stored, or the message why it cannot be used. Control characters become spaces. */
export function parseRejectReason(value: unknown): { ok: true; reason: string } | { ok: false; error: string } {
  if (typeof value !== "string") return { ok: false, error: REJECT_MSG.required };
  // eslint-disable-next-line no-control-regex
  const reason = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ").trim();
  if (!reason) return { ok: false, error: REJECT_MSG.required };
  if (reason.length > REJECT_REASON_MAX) return { ok: false, error: REJECT_MSG.tooLong };
  return { ok: true, reason };
}

/** A provider's view of one request, for the dashboard's notices. */
export type VerificationNotice = {
  requestId: string;
  kind: VerificationKind;
  status: VerificationStatus;
  listingName: string;
  reason: string;
  /** An appeal against this refusal was upheld: the provider sends new documents, first in the queue (0068). */
  reopened: boolean;
  at: number;
  rereview: boolean;
  /** The listing's visibility inputs now, for an approval's next step. */
  listing: VisibilityInputs;
};

/** How long a rejection stays on the dashboard (unless a newer request replaces it). */
export const REJECTION_NOTICE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an approval stays on the dashboard: long enough to be seen on the next visit. */
export const APPROVAL_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

/** A photo held because it matches one of another account (docs/decisions/0057-stolen-photos-caught-at-upload.md). */
export type HeldPhotoView = { id: string; url: string; width: number; height: number };

/** What the owner sees beside a held photo (the words). */
export const HELD_TEXT = "Under review: this photo matches one on another listing";

/** What deciding a verification request answers when it cannot (./decision.server.ts). */
export const DECIDE_MSG = {
  notFound: "This request no longer exists.",
  decided: "This request has already been decided.",
  invalid: "Invalid request id",
} as const;

/** What the owner sees on a listing whose new contact number is held (decision 0062; the words). */
export const HELD_NUMBER_TEXT = "Under review: this number is on another account's listing";
