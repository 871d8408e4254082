// What the three photos sent for a photo check must show, so that a reviewer can tell the person in the
// listing's photos is the person sending them (and the provider knows before sending, not after a refusal).
// One line per file field (verification.ts's PHOTO_FIELDS), in the same order.
import { SITE_NAME } from "~/features/site/site-name";

export const PHOTO_GUIDANCE = {
  intro: "Each photo below says what it must show, so that we can tell the photos of your listing are of you.",
  fields: [
    "Your face, clearly: in good light, looking at the camera, with no filter, mask or sunglasses.",
    `You holding a piece of paper with '${SITE_NAME}' and today's date written on it by hand, your face in the photo too.`,
    "You in the same pose as one of your listing's photos, so we can compare them.",
  ],
  after:
    "Your face does not have to be shown in your listing: these photos are only for our team. A photo that is blurred, edited or of someone else is refused.",
} as const;
